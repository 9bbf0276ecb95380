/** `txenrich catalog stats [--json] [--artifact <path>]` */
import { catalogStats, formatStats, loadCatalog } from '@txenrich/catalog';
import type { Command } from 'commander';
import type { CliIo } from '../io.js';

interface StatsFlags {
  json?: boolean;
  artifact?: string;
}

export function registerCatalogStats(catalog: Command, io: CliIo): void {
  catalog
    .command('stats')
    .description('print what the built catalog holds')
    .option('--json', 'print one JSON object')
    .option('--artifact <path>', 'catalog.json to read (default: the built artifact)')
    .action((flags: StatsFlags) => {
      const stats = catalogStats(loadCatalog(flags.artifact));
      io.stdout(flags.json ? JSON.stringify(stats, null, 2) : formatStats(stats));
    });
}
