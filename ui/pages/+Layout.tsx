// The frame of every page, customer and admin: the floating theme switch and toasts (both themes'
// styles come inline with the page's <head>, +Head.tsx).
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
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
