import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../index.css';
import { Root } from './Root.tsx';
import { boot } from './boot.ts';

createRoot(document.getElementById('root')!).render(<StrictMode><Root /></StrictMode>);
void boot();
