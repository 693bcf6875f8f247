import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { languageReady } from '../i18n/index.ts';
import { HandheldApp } from './App.tsx';
import './handheld.css';

/**
 * The handheld's entry (m.html, served for /m and below): none of the desktop's shell, antd or
 * charts, so a PDA on floor Wi-Fi loads it quickly (ADR 0041, budget in e2e/first-load.ts).
 */
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from m.html');
await languageReady;
createRoot(container).render(
  <StrictMode>
    <HandheldApp />
  </StrictMode>,
);
