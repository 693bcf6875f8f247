/** The product mark: a warehouse with stacked goods. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="11" fill="#409EFF" />
      <path d="M9 21.5 24 12l15 9.5V37H9z" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
      <rect x="16" y="28" width="7" height="7" rx="1" fill="#fff" />
      <rect x="25" y="28" width="7" height="7" rx="1" fill="#fff" />
      <rect x="20.5" y="20" width="7" height="7" rx="1" fill="#fff" opacity="0.85" />
    </svg>
  );
}
