// The frame of every page, customer and admin: the floating theme switch and toasts (loaded with
// the first one: ui/lib/toast.ts; both themes'
// styles come inline with the page's <head>, +Head.tsx).
import type { ReactNode } from 'react';
import { LazyToaster } from '../components/LazyToaster.js';
import { ThemeToggle } from '../components/ThemeToggle.js';

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <ThemeToggle />
      <LazyToaster position="top-center" toastOptions={{ duration: 4000, className: 'toast' }} />
    </>
  );
}
