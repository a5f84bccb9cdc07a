/**
 * The browser entry: registers the app's forms with the generic screens, then mounts the app shell
 * (renderers/app) into #root.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// First: the app shell's module prefetches a form page's code as it is evaluated, forms included.
import './forms-registry.ts';
// Before the app shell's module: it makes the router, whose routes include the registered pages.
import './pages.ts';
import { App } from '../renderers/app/App.tsx';
import './nav-sections.ts';
import '../renderers/styles/base.css';
import '../renderers/styles/layout.css';
import '../renderers/styles/table.css';
import '../renderers/styles/form.css';

const root = document.getElementById('root');
if (!root) throw new Error('web/main.tsx: no #root element in index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
