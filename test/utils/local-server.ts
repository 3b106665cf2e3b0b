import { once } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';

/** An HTTP server for a test's stand-in of a remote API, listening on a free loopback port. */
export async function listenLocally(handler: RequestListener): Promise<Server> {
  const server = createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

/** http://127.0.0.1:<port> of a server started by listenLocally. */
export function localOrigin(server: Server | null): string {
  const { port } = server?.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Closes the server and the connections clients keep alive to it. */
export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A loopback port nothing listens on: it was free a moment ago and is closed again. */
export async function closedPort(): Promise<number> {
  const server = createTcpServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
