import { existsSync } from 'node:fs';

/** The system's Chromium (Debian's `chromium` package, or `$CHROMIUM_PATH`), if this machine has one. */
export const chromiumPath = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
].find((path): path is string => Boolean(path && existsSync(path)));

/** Why a browser test is skipped on a machine without Chromium. */
export const noChromium = (test: string) =>
  'no Chromium executable (/usr/bin/chromium, /usr/bin/chromium-browser or $CHROMIUM_PATH): ' +
  `install the Debian package \`chromium\` to run the ${test}`;
