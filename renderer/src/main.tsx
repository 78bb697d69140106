import './zodConfig.js'; // first: before any zod schema exists
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { AppProviders } from './AppProviders.js';
import { getBridge } from './bridge.js';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <AppProviders api={getBridge()}>
      <App />
    </AppProviders>
  </StrictMode>,
);
