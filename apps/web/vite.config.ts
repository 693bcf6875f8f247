import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Vendor code in a few long-lived chunks, so an app change does not re-download antd. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)) return 'react';
  if (/[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/.test(id)) return 'i18n';
  // ProComponents (the generic entity screens) apart, so neither chunk grows past the limit.
  if (/[\\/]node_modules[\\/]@ant-design[\\/]pro-[^\\/]+[\\/]/.test(id)) return 'pro';
  if (/[\\/]node_modules[\\/](@ant-design|antd|rc-[^\\/]+|@rc-component)[\\/]/.test(id)) return 'antd';
  return 'vendor';
}

export default defineConfig({
  base: '/',
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: { manualChunks: vendorChunk },
    },
  },
});
