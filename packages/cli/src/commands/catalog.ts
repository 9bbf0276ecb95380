/** `txenrich catalog <build|stats>` */
import type { Command } from 'commander';
import type { CliIo } from '../io.js';
import { registerCatalogBuild } from './catalog-build.js';
import { registerCatalogStats } from './catalog-stats.js';

export function registerCatalog(program: Command, io: CliIo): void {
  const catalog = program.command('catalog').description('build and inspect the merchant catalog');
  registerCatalogBuild(catalog, io);
  registerCatalogStats(catalog, io);
}
