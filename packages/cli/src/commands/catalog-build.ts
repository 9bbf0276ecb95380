/** `txenrich catalog build [--out <dir>] [--force]` */
import type { Command } from 'commander';
import type { CliIo } from '../io.js';

interface BuildFlags {
  out?: string;
  force?: boolean;
  verbose?: boolean;
}

export function registerCatalogBuild(catalog: Command, io: CliIo): void {
  catalog
    .command('build')
    .description('build the catalog artifact (catalog.json + manifest.json) from the installed sources')
    .option('--out <dir>', 'output directory (default: packages/catalog/artifact)')
    .option('--force', 'rebuild even when the inputs are unchanged')
    .option('--verbose', 'print every build warning')
    .action(async (flags: BuildFlags) => {
      // loaded here, not at start: no other command pays for the build code
      const { buildCatalog } = await import('@txenrich/catalog/build');
      const result = buildCatalog({
        ...(flags.out === undefined ? {} : { outDir: flags.out }),
        ...(flags.force ? { force: true } : {}),
      });
      const { manifest } = result;
      const seconds = (result.durationMs / 1000).toFixed(2);
      const megabytes = (manifest.artifactBytes / 1_048_576).toFixed(1);
      const { merchants, usMerchants } = manifest.counts;
      io.stdout(
        result.skipped
          ? `catalog up to date (${seconds} s): ${result.artifactPath}, ${merchants} merchants, build ${manifest.buildHash.slice(0, 12)}`
          : `catalog built in ${seconds} s: ${result.artifactPath} (${megabytes} MB), ${merchants} merchants (${usMerchants} US), build ${manifest.buildHash.slice(0, 12)}`,
      );
      if (manifest.warnings.length > 0) {
        if (flags.verbose) for (const warning of manifest.warnings) io.stderr(`warning: ${warning}`);
        else
          io.stderr(
            `${manifest.warnings.length} build warning(s): see ${result.manifestPath} or use --verbose`,
          );
      }
    });
}
