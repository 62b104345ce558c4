/** `offprint settings list|get|set|unset`: install-wide settings of a data dir (server/domain/settings.ts). */
import {
  getSettingView,
  listSettings,
  SETTING_NAMES,
  setSettingValue,
  unsetSettingValue,
  type SettingView,
} from '../../domain/settings.js';
import { parseCommandArgs } from '../args.js';
import { withRuntime } from '../context.js';
import { printJson, table, UsageError, write, type CliIo } from '../io.js';

/**
 * The NAME argument, checked: an unknown name is a mistake in the command line, said as the CLI says an
 * unknown subcommand (exit 2, the names it takes), not a failure of the data dir.
 */
function settingName(name: string): string {
  if (SETTING_NAMES.includes(name)) return name;
  throw new UsageError(`unknown setting: ${name} (expected: ${SETTING_NAMES.join(', ')})`);
}

function shown(setting: SettingView): string {
  return setting.value.length === 0 ? '(none)' : setting.value.join(',');
}

function asJson(setting: SettingView): { name: string; value: readonly string[]; isSet: boolean } {
  return { name: setting.name, value: setting.value, isSet: setting.isSet };
}

function positionalsOf(positionals: string[], names: readonly string[]): string[] {
  if (positionals.length < names.length) throw new UsageError(`missing ${names[positionals.length] ?? 'argument'}`);
  if (positionals.length > names.length) throw new UsageError(`unexpected argument: ${positionals[names.length]}`);
  return positionals;
}

/** `offprint settings list | get NAME | set NAME VALUE | unset NAME` */
export async function settingsCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  const { values, positionals } = parseCommandArgs(rest, {});
  if (sub === 'list') {
    positionalsOf(positionals, []);
    return withRuntime(io, values['data-dir'], async (rt) => {
      const settings = listSettings(rt);
      if (values.json) await printJson(io, { settings: settings.map(asJson) });
      else
        await write(
          io.stdout,
          table(
            ['NAME', 'VALUE', 'DESCRIPTION'],
            settings.map((s) => [s.name, shown(s), s.description]),
          ),
        );
      return 0;
    });
  }
  if (sub === 'get' || sub === 'unset') {
    const name = settingName(positionalsOf(positionals, ['NAME'])[0] ?? '');
    return withRuntime(io, values['data-dir'], async (rt) => {
      const setting = sub === 'get' ? getSettingView(rt, name) : unsetSettingValue(rt, name);
      if (values.json) await printJson(io, asJson(setting));
      else await write(io.stdout, sub === 'get' ? `${shown(setting)}\n` : `${setting.name} is back to its default\n`);
      return 0;
    });
  }
  if (sub === 'set') {
    const [rawName = '', value = ''] = positionalsOf(positionals, ['NAME', 'VALUE']);
    const name = settingName(rawName);
    return withRuntime(io, values['data-dir'], async (rt) => {
      const setting = setSettingValue(rt, name, value);
      if (values.json) await printJson(io, asJson(setting));
      else await write(io.stdout, `${setting.name} = ${shown(setting)}\n`);
      return 0;
    });
  }
  throw new UsageError(`unknown settings command: ${sub ?? '(none)'} (expected: list, get, set, unset)`);
}
