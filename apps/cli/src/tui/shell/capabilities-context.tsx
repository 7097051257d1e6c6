import type { WhoAmI } from '@assay/domain/schemas';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { May } from '../state/key-permissions.js';
import { useConnection } from './client-context.js';

const everything: May = () => true;
const nothingYet: May = () => false;

/** Outside a provider (a screen rendered alone) every move is offered, as before roles reached the TUI. */
export const CapabilitiesContext = createContext<May>(everything);

/** Who the API key is (`GET /v2/org/me`); null until it answers, outside a provider, or from a server without the route. */
export const MeContext = createContext<WhoAmI | null>(null);

/** The key, its person and role: which notes are this key's own, whether the people screen is offered (issue 50). */
export const useMe = (): WhoAmI | null => useContext(MeContext);

/** What the API key may do, for offering only the moves its role allows (issue 50). */
export const useMay = (): May => useContext(CapabilitiesContext);

/**
 * Asks `GET /v2/org/me` once at start. Until it answers no move that changes something is offered (a reviewer must
 * never be offered one); a server without the route (older than issue 50) gets every move, as before.
 */
export const CapabilitiesProvider = ({ children }: { children: ReactNode }) => {
  const { client } = useConnection();
  const [may, setMay] = useState<May>(() => nothingYet);
  const [me, setMe] = useState<WhoAmI | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    client.me.get({ signal: controller.signal }).then(
      (me) => {
        const allowed = new Set<string>(me.capabilities);
        setMay(() => (capability: Parameters<May>[0]) => allowed.has(capability));
        setMe(me);
      },
      () => {
        if (!controller.signal.aborted) setMay(() => everything);
      },
    );
    return () => controller.abort();
  }, [client]);
  return (
    <CapabilitiesContext.Provider value={may}>
      <MeContext.Provider value={me}>{children}</MeContext.Provider>
    </CapabilitiesContext.Provider>
  );
};
