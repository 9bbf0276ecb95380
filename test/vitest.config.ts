import { workspaceProject } from '../vitest.shared.ts';

/** End-to-end tests: servers and workers start here, so each file gets time. */
export default workspaceProject('e2e', ['**/*.test.ts'], { postgres: true });
