import type { AssayClient } from '@assay/client';
import { createContext, useContext } from 'react';

export interface Connection {
  client: AssayClient;
  /** The server's URL, for public link pages and the header. */
  baseUrl: string;
  /** Where downloads are saved unless the user types another path. */
  downloadDir: string;
}

export const ConnectionContext = createContext<Connection | null>(null);

/** All I/O of the UI goes through this client. */
export const useConnection = (): Connection => {
  const connection = useContext(ConnectionContext);
  if (!connection) throw new Error('useConnection outside <ConnectionContext.Provider>');
  return connection;
};
