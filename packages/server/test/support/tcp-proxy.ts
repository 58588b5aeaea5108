import net from 'node:net';

/**
 * A TCP proxy in front of a real service (PostgreSQL, Redis) that a test can cut
 * and restore: `cut` drops every open connection (as a restart or failover does)
 * and refuses new ones until `restore`.
 */
export class TcpProxy {
  private readonly sockets = new Set<net.Socket>();
  private open = true;

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(targetHost: string, targetPort: number): Promise<TcpProxy> {
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        resolve();
      });
    });
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('proxy has no port');
    const proxy = new TcpProxy(server, address.port);
    server.on('connection', (client) => {
      proxy.accept(client, targetHost, targetPort);
    });
    return proxy;
  }

  /** Drops every connection at once and refuses new ones. */
  cut(): void {
    this.open = false;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  restore(): void {
    this.open = true;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => {
      this.server.close(() => {
        resolve();
      });
    });
  }

  private accept(client: net.Socket, host: string, port: number): void {
    if (!this.open) {
      client.destroy();
      return;
    }
    const upstream = net.connect(port, host);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
