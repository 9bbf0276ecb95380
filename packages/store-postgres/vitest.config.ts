import { workspaceProject } from '../../vitest.shared.ts';

export default workspaceProject('store-postgres', undefined, { postgres: true });
