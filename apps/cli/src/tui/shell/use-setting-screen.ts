import { useState } from 'react';
import type { Failure } from '../../errors.js';
import type { KeyHint } from '../hints.js';
import { applyDecision } from '../input/key-decision.js';
import { initialRemote, remoteCallKey, remoteReducer, type RemoteState } from '../state/remote-state.js';
import { closedSettingPrompt, settingKeys, settingPromptReducer, settingSaveKey, type SettingPrompt, type SettingReading } from '../state/setting-prompt.js';
import { useChrome, useScreenKeys } from './screen-slot.js';
import { useCall } from './use-call.js';
import { useMachine } from './use-machine.js';

export interface SettingScreenOptions<Shown, Value> {
  /** Names the screen's calls: the load as `name#attempt`, each save as `name#saves`. */
  readonly name: string;
  readonly title: string;
  readonly hints: { readonly screen: readonly KeyHint[]; readonly prompt: readonly KeyHint[] };
  /** Whether this key may set it: without, `s` does nothing and is not offered. */
  readonly maySet: boolean;
  readonly load: (signal: AbortSignal) => Promise<Shown>;
  readonly save: (value: Value, signal: AbortSignal) => Promise<unknown>;
  /** What the text typed in the prompt means, or why it means nothing. */
  readonly read: (text: string) => SettingReading<Value>;
}

export interface SaveOutcome {
  readonly saved: boolean;
  readonly failure: Failure | null;
}

/**
 * A settings screen (reminder hours, retention periods): the setting loaded (`r` reloads), and its one-line prompt
 * (`s`) saved, then loaded again; answers what the screen draws.
 */
export const useSettingScreen = <Shown, Value>(options: SettingScreenOptions<Shown, Value>) => {
  const { name, maySet } = options;
  const { state: remote, send: load } = useMachine(remoteReducer<Shown>, initialRemote<Shown>);
  const { state: prompt, send, current } = useMachine(settingPromptReducer<Value>, closedSettingPrompt<Value>);
  const [outcome, setOutcome] = useState<SaveOutcome>({ saved: false, failure: null });
  useCall(
    remoteCallKey(remote, name),
    options.load,
    (value) => load({ type: 'loaded', value }),
    (failure) => load({ type: 'failed', failure }),
  );
  useCall(
    settingSaveKey(name, prompt),
    (signal) => {
      if (prompt.phase !== 'saving') throw new Error('nothing to save');
      return options.save(prompt.value, signal);
    },
    () => {
      load({ type: 'reload' });
      setOutcome({ saved: true, failure: null });
      send({ type: 'close' });
    },
    (failure) => {
      setOutcome({ saved: false, failure });
      send({ type: 'close' });
    },
  );
  const open = prompt.phase === 'open';
  useChrome({ title: options.title, hints: open ? options.hints.prompt : options.hints.screen, typing: open, modal: open });
  useScreenKeys((stroke) => {
    if (applyDecision(settingKeys(options.read, current(), maySet, stroke), send)) {
      setOutcome({ saved: false, failure: null });
      return true;
    }
    if (stroke.type === 'char' && stroke.char === 'r') {
      load({ type: 'reload' });
      return true;
    }
    return false;
  });
  return { remote: remote as RemoteState<Shown>, prompt: prompt as SettingPrompt<Value>, outcome };
};
