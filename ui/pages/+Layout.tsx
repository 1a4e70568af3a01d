// The frame of every page, customer and admin: a screen reader's word that the page is still
// loading (its controls that wait for the scripts are disabled until then), the floating theme
// switch and toasts (loaded with the first one: ui/lib/toast.ts; both themes' styles come inline
// with the page's <head>, +Head.tsx).
import type { ReactNode } from 'react';
import { useConfig } from 'vike-react/useConfig';
import { usePageContext } from 'vike-react/usePageContext';
import { named, useKiosk } from '../lib/kiosk.js';
import { LazyToaster } from '../components/LazyToaster.js';
import { PageLoading } from '../components/PageLoading.js';
import { ThemeToggle } from '../components/ThemeToggle.js';

export default function Layout({ children }: { children: ReactNode }) {
  // Every page's title and description in the kiosk's own name (rule: kiosk-identity): the pages'
  // +config.ts write them with the default name.
  const setConfig = useConfig();
  const { config, isClientSide } = usePageContext();
  const { name } = useKiosk();
  if (!isClientSide && typeof config.title === 'string' && typeof config.description === 'string')
    setConfig({ title: named(config.title, name), description: named(config.description, name) });
  return (
    <>
      <PageLoading />
      {children}
      <ThemeToggle />
      <LazyToaster position="top-center" toastOptions={{ duration: 4000, className: 'toast' }} />
    </>
  );
}
