import { buildServer } from '../../scripts/build-server.ts'

/**
 * The integration tests run the server as it ships: the bundle in dist-server/ started with
 * plain `node`. It is rebuilt once per run (under a second), so a test never meets a stale one.
 */
export default async function setup(): Promise<void> {
  await buildServer()
}
