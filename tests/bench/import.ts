/**
 * Import benchmark (issue 32 item 6): a 10,000-row CSV (a few bad rows, families sharing owners, some owners the
 * clinic has) imported into the embedded database of a fresh seeded server process: the dry run, the import and
 * its undo, timed; the server's resident memory before and at its peak (VmHWM). Target: the import under 30 s with
 * memory bounded (the file and its rows, not the database, are what the process holds). Port BENCH_PORT_BASE+8, or 3868.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API } from '#shared/contract/paths';
import type { ImportVetPatientsResult } from '#shared/contract/vet-import';
import { fetchApi } from '#tests/support/api-client';
import { portalClient } from '#tests/faults/portal-client';
import { spawnServer } from '#tests/faults/server-process';

export const IMPORT_TARGET_MS = 30_000;
const ROWS = Number(process.env.IMPORT_BENCH_ROWS ?? 10_000);
const PORT_BASE = Number(process.env.BENCH_PORT_BASE);
const PORT = PORT_BASE ? PORT_BASE + 8 : 3868;

export interface ImportBench {
  rows: number;
  fileKiB: number;
  dryRunMs: number;
  importMs: number;
  undoMs: number;
  created: number;
  errors: number;
  duplicates: number;
  /** the server's CPU time (user + system) during the import: what the import costs whatever the machine's load */
  importCpuMs: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  meetsTarget: boolean;
}

/** Rows as an old system's export might hold them: every 500th row bad, every owner with two pets. */
function patientsCsv(rows: number): string {
  const lines = ['Pet name;Pet type;Breed;Gender;Date of birth;Sterilized;Owner name;Owner phone;Owner e-mail'];
  for (let i = 0; i < rows; i++) {
    const owner = Math.floor(i / 2);
    const dob = `${String((i % 28) + 1).padStart(2, '0')}/${String((i % 12) + 1).padStart(2, '0')}/${2010 + (i % 14)}`;
    const type = i % 500 === 7 ? 'Dragon' : i % 3 === 0 ? 'Cat' : 'Dog';
    const breed = type === 'Dog' ? 'Akita' : 'Unknown';
    lines.push(
      `Bench ${i};${type};${breed};${i % 2 ? 'Female' : 'Male'};${dob};${i % 4 ? 'Yes' : ''};Owner ${owner};+1 555 ${String(owner).padStart(7, '0')};owner${owner}@example.org`,
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A process's CPU time so far (user + system), from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are the stat line's fields 14 and 15 (11 and 12 after the command's name)
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function memoryMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return Math.round(kib / 1024);
}

export async function runImportBench({ log }: { log: (line: string) => void }): Promise<ImportBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-bench-import-'));
  const server = await spawnServer({
    port: PORT,
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    readyTimeoutMs: 180_000,
  });
  try {
    const portal = portalClient(server.base);
    await portal.login();
    const api = fetchApi(server.base, () => ({ token: portal.token() }));
    const csv = Buffer.from(patientsCsv(ROWS));
    const pid = server.child.pid ?? 0;
    const rssBeforeMiB = memoryMiB(pid, 'VmRSS');
    const send = async (dryRun: boolean) => {
      const started = performance.now();
      const res = await api.send(API.importVetPatients, {
        query: { dryRun },
        form: {
          payload: {},
          files: [{ field: 'file', bytes: csv, filename: 'patients.csv', contentType: 'text/csv' }],
        },
      });
      const body = res.json() as { result: number; message: string; data: ImportVetPatientsResult };
      if (body.result !== 1) throw new Error(`import failed: ${res.statusCode} ${body.message}`);
      return { ms: Math.round(performance.now() - started), data: body.data };
    };
    const dry = await send(true);
    log(`  dry run: ${dry.ms} ms`);
    const cpuBefore = cpuMs(pid);
    const real = await send(false);
    const importCpuMs = cpuMs(pid) - cpuBefore;
    log(`  import: ${real.ms} ms (${real.data.created} pets, ${real.data.errors.length} errors)`);
    const started = performance.now();
    const undo = await api.post(API.undoImport, { importId: real.data.importId ?? 0 });
    if (undo.json().result !== 1) throw new Error(`undo failed: ${undo.body}`);
    const undoMs = Math.round(performance.now() - started);
    const result: ImportBench = {
      rows: real.data.rows,
      fileKiB: Math.round(csv.length / 1024),
      dryRunMs: dry.ms,
      importMs: real.ms,
      undoMs,
      importCpuMs,
      created: real.data.created,
      errors: real.data.errors.length,
      duplicates: real.data.duplicates,
      rssBeforeMiB,
      rssPeakMiB: memoryMiB(pid, 'VmHWM'),
      meetsTarget: real.ms < IMPORT_TARGET_MS,
    };
    log(
      `  ${result.rows} rows (${result.fileKiB} KiB): dry run ${result.dryRunMs} ms, import ${result.importMs} ms ` +
        `(target < ${IMPORT_TARGET_MS} ms: ${result.meetsTarget ? 'met' : 'MISSED'}; server CPU ${result.importCpuMs} ms), ` +
        `undo ${result.undoMs} ms; ` +
        `server memory ${result.rssBeforeMiB} MiB before, peak ${result.rssPeakMiB} MiB`,
    );
    return result;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
