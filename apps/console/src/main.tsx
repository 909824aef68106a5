import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { mobileApp } from './app/MobileApp.tsx';
import './styles.css';

const element = document.getElementById('root');
if (!element) throw new Error('#root is missing from index.html');
const root = createRoot(element);
const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);

/** The console (antd, the session, every area and public page; its routes include /mobile too). */
async function startConsole() {
  const { App } = await import('./app/App.tsx');
  render(<App />);
}

// /mobile is opened on phones over slow networks: a first load of it starts a small app of its own,
// without antd and the console, and the console is loaded only when the visitor leaves the page. That app is
// part of the entry (React, the router, the query cache: the console needs them too), so index.html preloads it.
if (/^\/mobile\/?$/.test(window.location.pathname)) {
  render(mobileApp(startConsole));
} else {
  void startConsole();
}
