// react-hot-toast's <Toaster>, mounted once the first toast loaded the library (ui/lib/toast.ts).
import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { loadToasts, onToastsLoaded } from '../lib/toast.js';

const Toaster = lazy(() => loadToasts().then((hot) => ({ default: hot.Toaster })));

export function LazyToaster(props: ComponentProps<typeof Toaster>) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastsLoaded(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  ) : null;
}
