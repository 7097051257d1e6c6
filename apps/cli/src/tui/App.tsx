import { Box, Text, useApp } from 'ink';
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { Footer, HelpPanel } from './components/KeyHints.js';
import { InvitationsScreen } from './screens/InvitationsScreen.js';
import { CompletionsScreen } from './screens/CompletionsScreen.js';
import { LinkFormScreen } from './screens/LinkFormScreen.js';
import { LinksScreen } from './screens/LinksScreen.js';
import { RegisterScreen } from './screens/RegisterScreen.js';
import { ReportScreen } from './screens/ReportScreen.js';
import { TestDetailsScreen } from './screens/TestDetailsScreen.js';
import { TestListScreen } from './screens/TestListScreen.js';
import { ConnectionContext, useConnection, type Connection } from './shell/client-context.js';
import { ScreenErrorBoundary } from './shell/ScreenErrorBoundary.js';
import { ScreenSlotContext, useLatestInput, type KeyHint, type ScreenChrome, type ScreenSlot } from './shell/screen-slot.js';
import { TerminalSizeProvider, useTerminalSize, type TerminalSize } from './shell/terminal-size.js';
import { appReducer, initialAppState, type AppState, type Route } from './state/app-state.js';

/** Rows outside the body: the header, the footer's rule and its line, and one spare so Ink never scrolls. */
const FRAME_ROWS = 4;

const GLOBAL_HINTS: KeyHint[] = [
  { keys: '?', label: 'help' },
  { keys: 'q/Esc', label: 'back' },
];

export interface AppOptions {
  /** Poll interval of the live completions view. */
  followIntervalMs?: number;
  /** The first screens on the stack (tests start deeper). */
  initialStack?: AppState['stack'];
}

const RouteScreen = ({ route, options }: { route: Route; options: AppOptions }) => {
  switch (route.screen) {
    case 'tests':
      return <TestListScreen />;
    case 'test':
      return <TestDetailsScreen testId={route.testId} />;
    case 'links':
      return <LinksScreen testId={route.testId} testName={route.testName} />;
    case 'linkForm':
      return <LinkFormScreen testId={route.testId} link={route.link} />;
    case 'register':
      return <RegisterScreen testId={route.testId} testName={route.testName} link={route.link} />;
    case 'invitations':
      return <InvitationsScreen testId={route.testId} testName={route.testName} />;
    case 'report':
      return <ReportScreen testInvitationId={route.testInvitationId} />;
    case 'completions':
      return <CompletionsScreen {...(options.followIntervalMs ? { intervalMs: options.followIntervalMs } : {})} />;
  }
};

const Frame = ({ options }: { options: AppOptions }) => {
  const { exit } = useApp();
  const { baseUrl } = useConnection();
  const size = useTerminalSize();
  const [state, dispatch] = useReducer(appReducer, undefined, () =>
    options.initialStack ? { ...initialAppState(), stack: options.initialStack } : initialAppState(),
  );
  const [chromes, setChromes] = useState<Record<number, ScreenChrome>>({});
  const depth = state.stack.length - 1;
  const top = chromes[depth];

  useEffect(() => {
    if (state.quitting) exit();
  }, [state.quitting, exit]);

  useLatestInput((input, key) => {
    if (state.help) {
      if (input === '?' || input === 'q' || key.escape) dispatch({ type: 'toggleHelp' });
      return;
    }
    if (input === '?' && !top?.typing) dispatch({ type: 'toggleHelp' });
    else if (!top?.modal && (key.escape || (input === 'q' && !top?.typing))) dispatch({ type: 'back' });
  }, true);

  const open = useCallback((route: Route) => dispatch({ type: 'open', route }), []);
  const back = useCallback(() => dispatch({ type: 'back' }), []);
  const body = useMemo(() => ({ columns: size.columns, rows: Math.max(4, size.rows - FRAME_ROWS) }), [size.columns, size.rows]);

  const titles = state.stack.map((_, index) => chromes[index]?.title ?? '…');
  // `?` is typed while a field has the keyboard, and Esc closes a prompt rather than the screen.
  const globalHints = GLOBAL_HINTS.filter((hint) => (hint.keys === '?' ? !top?.typing : !top?.modal));
  const hints = [...(top?.hints ?? []), ...globalHints];
  return (
    <Box flexDirection="column" width={size.columns} height={size.rows - 1}>
      <Box width={size.columns}>
        <Box flexGrow={1}>
          <Text wrap="truncate-start" bold>
            Assay › {titles.join(' › ')}
          </Text>
        </Box>
        {size.columns >= 60 ? (
          <Box flexShrink={0}>
            <Text dimColor> {baseUrl.replace(/^https?:\/\//, '')}</Text>
          </Box>
        ) : null}
      </Box>
      <Box flexDirection="column" flexGrow={1} height={body.rows} overflow="hidden">
        {state.help ? <HelpPanel title={top?.title ?? ''} hints={hints} /> : null}
        {state.stack.map((route, index) => (
          <Slot
            key={index}
            index={index}
            route={route}
            active={index === depth && !state.help}
            visible={index === depth && !state.help}
            body={body}
            open={open}
            back={back}
            setChromes={setChromes}
            options={options}
          />
        ))}
      </Box>
      <Footer hints={state.help ? [{ keys: '?/Esc', label: 'close help' }] : hints} width={size.columns} />
    </Box>
  );
};

interface SlotProps {
  index: number;
  route: Route;
  active: boolean;
  visible: boolean;
  body: ScreenSlot['body'];
  open: ScreenSlot['open'];
  back: ScreenSlot['back'];
  setChromes: (update: (previous: Record<number, ScreenChrome>) => Record<number, ScreenChrome>) => void;
  options: AppOptions;
}

/** One screen of the stack: mounted while on the stack (state survives going deeper), shown only on top. */
const Slot = ({ index, route, active, visible, body, open, back, setChromes, options }: SlotProps) => {
  const report = useCallback((chrome: ScreenChrome) => setChromes((previous) => ({ ...previous, [index]: chrome })), [index, setChromes]);
  const slot = useMemo<ScreenSlot>(() => ({ active, body, report, open, back }), [active, body, report, open, back]);
  return (
    <Box display={visible ? 'flex' : 'none'} flexDirection="column">
      <ScreenSlotContext.Provider value={slot}>
        <ScreenErrorBoundary>
          <RouteScreen route={route} options={options} />
        </ScreenErrorBoundary>
      </ScreenSlotContext.Provider>
    </Box>
  );
};

/** The whole interactive UI over one connection. */
export const App = ({ connection, size, options = {} }: { connection: Connection; size?: TerminalSize; options?: AppOptions }) => (
  <ConnectionContext.Provider value={connection}>
    <TerminalSizeProvider {...(size ? { fixed: size } : {})}>
      <Frame options={options} />
    </TerminalSizeProvider>
  </ConnectionContext.Provider>
);
