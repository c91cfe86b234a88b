// Handlers of the Appearance operations (scopes appearance:read, appearance:write).
import { getAppearance } from './getAppearance.ts';
import { updateAppearance } from './updateAppearance.ts';

export const appearanceHandlers = { getAppearance, updateAppearance };
