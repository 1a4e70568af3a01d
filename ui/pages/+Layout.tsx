// The frame of every page, customer and admin: a screen reader's word that the page is still
// loading (its controls that wait for the scripts are disabled until then), the floating theme
// switch and toasts (loaded with the first one: ui/lib/toast.ts; both themes' styles come inline
// with the page's <head>, +Head.tsx).
import type { ReactNode } from 'react';
import { LazyToaster } from '../components/LazyToaster.js';
import { PageLoading } from '../components/PageLoading.js';
import { ThemeToggle } from '../components/ThemeToggle.js';

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <PageLoading />
      {children}
      <ThemeToggle />
      <LazyToaster position="top-center" toastOptions={{ duration: 4000, className: 'toast' }} />
    </>
  );
}
