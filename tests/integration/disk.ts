/**
 * A real full disk for the tests: a small tmpfs mounted on a temporary directory, which a filler
 * file then takes to its last byte, so that every write the server tries there fails with ENOSPC
 * exactly as on a full volume. Mounting needs root (as on this machine and in CI); elsewhere the
 * tests that need it are skipped, and under CI=true they fail instead.
 */
import { spawnSync } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, rmdirSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/** A small volume of its own. */
export interface TinyDisk {
  /** Where it is mounted. */
  dir: string
  /** Writes a filler file until the volume has no byte left. */
  fill(): void
  /** Removes the filler file: the volume has room again. */
  free(): void
  /** Unmounts and removes the mount point (whatever is left on it is gone). */
  remove(): void
}

const FILLER = 'filler'

/** Whether this process may mount a tmpfs (root); false also when `mount` refuses. */
export function canMountDisks(): boolean {
  if (process.getuid?.() !== 0) return false
  const probe = mkdtempSync(path.join(tmpdir(), 'rin-khata-mount-'))
  try {
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe])
    if (mounted.status !== 0) return false
    spawnSync('umount', [probe])
    return true
  } finally {
    rmdirSync(probe)
  }
}

/** Whether the full-disk tests run; under CI=true a machine that cannot mount fails the file. */
export function fullDiskTestsRun(): boolean {
  if (canMountDisks()) return true
  const message = 'cannot mount a tmpfs (needs root)'
  if (process.env.CI === 'true') throw new Error(`${message}; CI=true requires the full-disk tests`)
  process.stderr.write(`skipping full-disk tests: ${message}\n`)
  return false
}

/** Mounts a tmpfs of `bytes` on a fresh directory, owned by `owner` (e.g. 'postgres') if given. */
export function mountTinyDisk(bytes: number, owner?: string): TinyDisk {
  const dir = mkdtempSync(path.join(tmpdir(), 'rin-khata-disk-'))
  const run = (command: string, args: string[]) => {
    const result = spawnSync(command, args, { encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr}`)
  }
  run('mount', ['-t', 'tmpfs', '-o', `size=${bytes},mode=0777`, 'tmpfs', dir])
  if (owner) run('chown', [`${owner}:${owner}`, dir])
  return {
    dir,
    fill() {
      const fd = openSync(path.join(dir, FILLER), 'a')
      const block = Buffer.alloc(64 * 1024)
      try {
        for (;;) {
          try {
            writeSync(fd, block)
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
            // The last block may not have fitted whole: top up in small steps.
            const small = Buffer.alloc(512)
            for (;;) {
              try {
                writeSync(fd, small)
              } catch (inner) {
                if ((inner as NodeJS.ErrnoException).code === 'ENOSPC') return
                throw inner
              }
            }
          }
        }
      } finally {
        closeSync(fd)
      }
    },
    free() {
      rmSync(path.join(dir, FILLER), { force: true })
    },
    remove() {
      spawnSync('umount', ['--lazy', dir])
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A PostgreSQL cluster of the test's own, so that a full disk there can hurt no other. */
export interface ScratchPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust). */
  url: string
  /** Stops the cluster at once and removes its files. */
  remove(): void
}

/** The directory of PostgreSQL's server programs (initdb, pg_ctl), or null if not installed. */
export function postgresBinDir(): string | null {
  const configured = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' })
  const candidates = [
    configured.status === 0 ? configured.stdout.trim() : '',
    ...spawnSync('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin 2>/dev/null'], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean)
      .reverse(),
  ]
  return candidates.find((dir) => dir && existsSync(path.join(dir, 'initdb'))) ?? null
}

/**
 * Starts a throwaway PostgreSQL cluster (initdb, then pg_ctl) as the `postgres` user, listening
 * on 127.0.0.1:`port` only. A full-disk test never uses the machine's shared cluster: a disk taken
 * away under a live cluster can make its checkpointer PANIC, which restarts every connection.
 */
export function startScratchPostgres(port: number): ScratchPostgres {
  const bin = postgresBinDir()
  if (!bin) throw new Error('PostgreSQL server programs (initdb) are not installed')
  const dir = mkdtempSync(path.join(tmpdir(), 'rin-khata-pg-'))
  const data = path.join(dir, 'data')
  const asPostgres = (program: string, args: string[]) => {
    const result = spawnSync(
      'runuser',
      ['-u', 'postgres', '--', path.join(bin, program), ...args],
      {
        encoding: 'utf8',
      },
    )
    if (result.status !== 0) throw new Error(`${program}: ${result.stderr}${result.stdout}`)
  }
  spawnSync('chown', ['postgres:postgres', dir])
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'])
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`
  asPostgres('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', options, 'start'])
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    remove() {
      spawnSync('runuser', [
        '-u',
        'postgres',
        '--',
        path.join(bin, 'pg_ctl'),
        '-D',
        data,
        '-m',
        'immediate',
        '-w',
        'stop',
      ])
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
