import { tool } from '../../scripts/tool';

export const libFromScripts = tool;
