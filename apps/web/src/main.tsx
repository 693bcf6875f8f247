import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './App.tsx';
import { languageReady } from './i18n/index.ts';
import { captureUnhandledErrors } from './shell/errorLog.ts';
import './styles.css';

// Installed before the first render, so errors while starting up are kept too.
captureUnhandledErrors();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
await languageReady;
createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
