// The frame of every page, customer and admin: both themes, the floating theme switch and toasts.
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import '../styles/theme.css';
import { ThemeToggle } from '../components/ThemeToggle.js';

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <ThemeToggle />
      <Toaster position="top-center" toastOptions={{ duration: 4000, className: 'toast' }} />
    </>
  );
}
