import { Box, useApp } from 'ink';
import { Text } from './components/Text.js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Footer, footerLines, HelpPanel } from './components/KeyHints.js';
import { frameHints, HINTS, type KeyHint } from './hints.js';
import { HistoryScreen } from './screens/HistoryScreen.js';
import { TranscriptScreen } from './screens/TranscriptScreen.js';
import { NotesScreen } from './screens/NotesScreen.js';
import { LibraryScreen } from './screens/LibraryScreen.js';
import { ImportFileScreen } from './screens/ImportFileScreen.js';
import { PeopleScreen } from './screens/PeopleScreen.js';
import { RetentionScreen } from './screens/RetentionScreen.js';
import { TestSettingsScreen } from './screens/TestSettingsScreen.js';
import { RemindersScreen } from './screens/RemindersScreen.js';
import { InvitationsScreen } from './screens/InvitationsScreen.js';
import { CompletionsScreen } from './screens/CompletionsScreen.js';
import { LinkFormScreen } from './screens/LinkFormScreen.js';
import { LinksScreen } from './screens/LinksScreen.js';
import { BulkInviteScreen } from './screens/BulkInviteScreen.js';
import { RegisterScreen } from './screens/RegisterScreen.js';
import { AnswersScreen } from './screens/AnswersScreen.js';
import { SimilarPairScreen } from './screens/SimilarPairScreen.js';
import { CompareScreen } from './screens/CompareScreen.js';
import { ItemAnalysisScreen } from './screens/ItemAnalysisScreen.js';
import { SimilarPairsScreen } from './screens/SimilarPairsScreen.js';
import { ReportScreen } from './screens/ReportScreen.js';
import { ReviewScreen } from './screens/ReviewScreen.js';
import { FollowUpsScreen } from './screens/FollowUpsScreen.js';
import { TestDetailsScreen } from './screens/TestDetailsScreen.js';
import { TestListScreen } from './screens/TestListScreen.js';
import { ConnectionContext, useConnection, type Connection } from './shell/client-context.js';
import { ScreenErrorBoundary } from './shell/ScreenErrorBoundary.js';
import { KeyRouter, useKeystrokes, type KeyHandler } from './shell/keyboard.js';
import { ScreenSlotContext, type ScreenChrome, type ScreenSlot } from './shell/screen-slot.js';
import { CapabilitiesProvider } from './shell/capabilities-context.js';
import { TerminalSizeProvider, useTerminalSize, type TerminalSize } from './shell/terminal-size.js';
import { useMachine } from './shell/use-machine.js';
import { appKeys, appReducer, initialAppState, topOf, type Route, type StackEntry } from './state/app-state.js';
import { helpLayout } from './state/help-layout.js';

/** Rows outside the body besides the footer's lines: the header, the footer's rule, and one spare so Ink never scrolls. */
const FRAME_ROWS = 3;

/** The footer of a screen: its own keys, then the frame's. */
const hintsOf = (chrome: ScreenChrome | undefined, root: boolean): KeyHint[] => {
  const screen = chrome ?? { hints: [] };
  return [...screen.hints, ...frameHints(screen, root)];
};

export interface AppOptions {
  /** Poll interval of the live completions view. */
  followIntervalMs?: number;
  /** The first screens on the stack (tests start deeper). */
  initialStack?: readonly [Route, ...Route[]];
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
    case 'bulkInvite':
      return <BulkInviteScreen testId={route.testId} testName={route.testName} />;
    case 'invitations':
      return <InvitationsScreen testId={route.testId} testName={route.testName} />;
    case 'history':
      return <HistoryScreen testInvitationId={route.testInvitationId} />;
    case 'transcript':
      return <TranscriptScreen source={route.source} />;
    case 'notes':
      return <NotesScreen testInvitationId={route.testInvitationId} fullName={route.fullName} />;
    case 'reminders':
      return <RemindersScreen testId={route.testId} testName={route.testName} />;
    case 'testSettings':
      return <TestSettingsScreen testId={route.testId} testName={route.testName} />;
    case 'report':
      return <ReportScreen testInvitationId={route.testInvitationId} />;
    case 'answers':
      return <AnswersScreen testInvitationId={route.testInvitationId} />;
    case 'similarPair':
      return <SimilarPairScreen testInvitationId={route.testInvitationId} eventId={route.eventId} {...(route.pair ? { listed: route.pair } : {})} />;
    case 'similarPairs':
      return <SimilarPairsScreen testInvitationId={route.testInvitationId} />;
    case 'itemAnalysis':
      return <ItemAnalysisScreen testId={route.testId} testName={route.testName} />;
    case 'compare':
      return <CompareScreen testId={route.testId} ids={route.ids} />;
    case 'review':
      return <ReviewScreen testId={route.testId} testName={route.testName} />;
    case 'followUps':
      return <FollowUpsScreen testId={route.testId} testName={route.testName} blind={route.blind} />;
    case 'people':
      return <PeopleScreen />;
    case 'library':
      return <LibraryScreen />;
    case 'importFile':
      return <ImportFileScreen />;
    case 'retention':
      return <RetentionScreen />;
    case 'completions':
      return <CompletionsScreen {...(options.followIntervalMs ? { intervalMs: options.followIntervalMs } : {})} />;
  }
};

const Frame = ({ options }: { options: AppOptions }) => {
  const { exit } = useApp();
  const { baseUrl } = useConnection();
  const size = useTerminalSize();
  const { state, send: sendApp, current: appNow } = useMachine(appReducer, () => initialAppState(options.initialStack));
  const [chromes, setChromes] = useState<Record<number, ScreenChrome>>({});
  const top = chromes[topOf(state).id];
  // How far the help scrolls as last drawn: the keys' router reads it between frames.
  const helpOverflow = useRef(0);

  useEffect(() => {
    if (state.quitting) exit();
  }, [state.quitting, exit]);

  // Keys go to the screen on top as of each key (not as of the last frame); what it passes, the frame decides.
  const router = useMemo(
    () =>
      new KeyRouter(
        () => {
          const now = appNow();
          return now.help || now.quitting ? null : String(topOf(now).id);
        },
        (stroke) => {
          for (const event of appKeys(appNow(), stroke, helpOverflow.current)) sendApp(event);
        },
      ),
    [appNow, sendApp],
  );
  useKeystrokes(router.route);

  const open = useCallback((route: Route) => void sendApp({ type: 'open', route }), [sendApp]);
  const back = useCallback(() => void sendApp({ type: 'back' }), [sendApp]);

  const titles = state.stack.map((entry) => chromes[entry.id]?.title ?? '…');
  const hints = hintsOf(top, state.stack.length === 1);
  // The help's footer is measured with its scroll key, so the body's height does not depend on whether it scrolls.
  const bodyRows = Math.max(4, size.rows - FRAME_ROWS - footerLines(state.help ? HINTS.helpScrolling : hints, size.columns).length);
  const help = state.help ? helpLayout(hints, size.columns, bodyRows) : undefined;
  helpOverflow.current = help?.overflow ?? 0;
  const footer = help ? (help.overflow > 0 ? HINTS.helpScrolling : HINTS.help) : hints;
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
      <Box flexDirection="column" flexGrow={1} height={bodyRows} overflow="hidden">
        {help ? <HelpPanel title={top?.title ?? ''} layout={help} top={state.helpTop} /> : null}
        {state.stack.map((entry, index) => (
          <Slot
            key={entry.id}
            entry={entry}
            active={index === state.stack.length - 1 && !state.help}
            footer={hintsOf(chromes[entry.id], index === 0)}
            size={size}
            open={open}
            back={back}
            router={router}
            setChromes={setChromes}
            options={options}
          />
        ))}
      </Box>
      <Footer hints={footer} width={size.columns} />
    </Box>
  );
};

interface SlotProps {
  entry: StackEntry;
  active: boolean;
  /** The keys its footer shows: the lines they take are not the screen's. */
  footer: readonly KeyHint[];
  size: TerminalSize;
  open: ScreenSlot['open'];
  back: ScreenSlot['back'];
  router: KeyRouter;
  setChromes: (update: (previous: Record<number, ScreenChrome>) => Record<number, ScreenChrome>) => void;
  options: AppOptions;
}

/** One screen of the stack: mounted while on the stack (state survives going deeper), shown only on top. */
const Slot = ({ entry, active, footer, size, open, back, router, setChromes, options }: SlotProps) => {
  const { id, route } = entry;
  // The rows its footer needs (more than one only below 80 columns), never fewer than it has needed at this
  // width: a screen whose keys change with its mode does not change its page size (and reload) each time.
  const footerRows = useRef({ columns: size.columns, rows: 1 });
  if (footerRows.current.columns !== size.columns) footerRows.current = { columns: size.columns, rows: 1 };
  footerRows.current.rows = Math.max(footerRows.current.rows, footerLines(footer, size.columns).length);
  const rows = Math.max(4, size.rows - FRAME_ROWS - footerRows.current.rows);
  const body = useMemo(() => ({ columns: size.columns, rows }), [size.columns, rows]);
  const report = useCallback((chrome: ScreenChrome) => setChromes((previous) => ({ ...previous, [id]: chrome })), [id, setChromes]);
  const listen = useCallback((handler: KeyHandler) => router.listen(String(id), handler), [router, id]);
  // After the screen's own effects (children's run first): its handler listens, so waiting keys can go to it.
  useEffect(() => router.mount(String(id)), [router, id]);
  useEffect(
    () => () =>
      setChromes((previous) => {
        const { [id]: _gone, ...rest } = previous;
        return rest;
      }),
    [id, setChromes],
  );
  const slot = useMemo<ScreenSlot>(() => ({ active, body, report, open, back, listen }), [active, body, report, open, back, listen]);
  return (
    <Box display={active ? 'flex' : 'none'} flexDirection="column">
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
    <CapabilitiesProvider>
      <TerminalSizeProvider {...(size ? { fixed: size } : {})}>
        <Frame options={options} />
      </TerminalSizeProvider>
    </CapabilitiesProvider>
  </ConnectionContext.Provider>
);
