// Types for sse-channel 4 (the package ships none): the parts the event hub uses.
declare module 'sse-channel' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface SseMessage {
    id?: string | number;
    event?: string;
    data?: string;
    retry?: number;
  }

  interface SseChannelOptions {
    historySize?: number;
    retryTimeout?: number;
    pingInterval?: number;
    jsonEncode?: boolean;
  }

  class SseChannel extends EventEmitter {
    constructor(options?: SseChannelOptions);
    addClient(req: IncomingMessage, res: ServerResponse, callback?: () => void): void;
    removeClient(res: ServerResponse): void;
    getConnectionCount(): number;
    send(message: SseMessage | string, clients?: ServerResponse[]): void;
    close(): void;
  }

  export = SseChannel;
}
