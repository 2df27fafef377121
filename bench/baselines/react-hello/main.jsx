// The payload baseline: the smallest React 19 + react-dom app, built by Vite like the real one.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <h1>Hello from React</h1>
  </StrictMode>,
);
