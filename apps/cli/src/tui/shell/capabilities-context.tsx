import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { May } from '../state/key-permissions.js';
import { useConnection } from './client-context.js';

const everything: May = () => true;
const nothingYet: May = () => false;

/** Outside a provider (a screen rendered alone) every move is offered, as before roles reached the TUI. */
export const CapabilitiesContext = createContext<May>(everything);

/** What the API key may do, for offering only the moves its role allows (issue 50). */
export const useMay = (): May => useContext(CapabilitiesContext);

/**
 * Asks `GET /v2/org/me` once at start. Until it answers no move that changes something is offered (a reviewer must
 * never be offered one); a server without the route (older than issue 50) gets every move, as before.
 */
export const CapabilitiesProvider = ({ children }: { children: ReactNode }) => {
  const { client } = useConnection();
  const [may, setMay] = useState<May>(() => nothingYet);
  useEffect(() => {
    const controller = new AbortController();
    client.me.get({ signal: controller.signal }).then(
      (me) => {
        const allowed = new Set<string>(me.capabilities);
        setMay(() => (capability: Parameters<May>[0]) => allowed.has(capability));
      },
      () => {
        if (!controller.signal.aborted) setMay(() => everything);
      },
    );
    return () => controller.abort();
  }, [client]);
  return <CapabilitiesContext.Provider value={may}>{children}</CapabilitiesContext.Provider>;
};
