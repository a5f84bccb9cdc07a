/**
 * The names people read for the modules (defs.json's moduleName, its x-enumNames): the menu's
 * groups, and every field choosing a module (a stored file's, a share's, a setting's).
 */
import defs from '../schemas/common/defs.json';

const { enum: modules, 'x-enumNames': labels } = defs.definitions.moduleName;

/** A module's name as people read it; a name not among the modules stays as it is. */
export function moduleLabel(module: string): string {
  const at = modules.indexOf(module);
  return at >= 0 ? labels[at] : module;
}
