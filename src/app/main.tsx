import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../index.css';
import { memory, transport } from '../bridge/labs.ts';
import { Root } from './Root.tsx';

// A handle for end-to-end tests and for people driving the page from the console.
(window as unknown as { qpScope: unknown }).qpScope = { transport, memory };

createRoot(document.getElementById('root')!).render(<StrictMode><Root /></StrictMode>);
