import { Client, Connection } from '@temporalio/client';

export async function connectTemporal(address: string, namespace: string): Promise<Client> {
  const connection = await Connection.connect({ address, connectTimeout: '5 seconds' });
  return new Client({ connection, namespace });
}
