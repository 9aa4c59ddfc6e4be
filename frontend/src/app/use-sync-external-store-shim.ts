// Stands in for 'use-sync-external-store/shim' (vite.config.ts resolve.alias): React 19 has the hook.
export { useSyncExternalStore } from 'react';
