// The area registry (docs/adding-an-area.md "Register the area"): what an area adds to screens that
// are not its own - the dashboard's cards, the property detail page's sections and actions, the
// app header's actions, the words for its guest-ready reasons. Each area declares its
// contribution in src/features/<area>/area.ts(x); src/app/areas.tsx composes them and provides
// them here, so the dashboard, the villa page and the header render what the areas give them and
// never import an area (features never import each other: docs/architecture.md).
// Heavy parts are lazy (`lazyPart`): their chunk loads when a screen shows them, so /auth and the
// villa list carry none of it. What a card reads is asked for by the dashboard's loader through the
// card's `prefetch`, which imports the read lazily too.
import {
  Component,
  createContext,
  createElement,
  lazy,
  Suspense,
  useContext,
  type ComponentType,
  type ReactNode,
} from 'react';
import { messages } from './messages';
import { reasonLabel } from './readiness';
import {
  useQuery,
  useQueryClient,
  type FetchQueryOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { ReadinessReasonCode } from './readiness-codes';
import type { NavKey } from './routes';

/** Who is looking: a part is shown to those it names. */
export interface AreaViewer {
  roles: readonly string[];
  permissions: readonly string[];
}

export type Visible = (viewer: AreaViewer) => boolean;

/** A signed-in viewer whose access is known (cached): what a card's `prefetch` is given. */
export interface SignedInViewer extends AreaViewer {
  userId: string;
}

/** A card on the dashboard (shown to a user with a role whom `visible` accepts). */
export interface DashboardCard {
  key: string;
  /** Cards show in ascending order, whichever area gives them. */
  order: number;
  visible: Visible;
  Component: ComponentType;
  /** Loads the card's chunk (the dashboard's route starts it as the screen loads). */
  preload?: () => Promise<unknown>;
  /**
   * Asks for what the card reads as the dashboard's route loads (its loader), for a viewer the
   * card is shown to: `prefetchLazily` with the read's query options, its module imported lazily
   * (area.ts stays light). Settles (never fails) once the read has answered or failed: the
   * dashboard draws its cards together then (useCardsSettled).
   */
  prefetch?: (queryClient: QueryClient, viewer: SignedInViewer) => Promise<unknown>;
}

export interface PropertySectionProps {
  propertyId: string;
  /** The detail page's guest-ready state (from the server or this device's copy). */
  ready: boolean;
  reasons: string[];
}

/** A section of the property detail page, after the page's own (a card with its title). */
export interface PropertySection {
  key: string;
  order: number;
  title: string;
  description?: string;
  /** Shown to everyone who may see the villa when left out. */
  visible?: Visible;
  Component: ComponentType<PropertySectionProps>;
}

/** A button or link in the app header, or beside a villa's guest-ready state. */
export interface AreaAction {
  key: string;
  order: number;
  /** The villa it is about: the page's (a villa's page), or none. */
  Component: ComponentType<{ propertyId?: string | undefined; place: 'header' | 'property' }>;
}

/** A finished clean as its run shows it: what a part shown under it may need. */
export interface CleanDoneProps {
  cleanId: string;
  propertyId: string;
  /** The cleaning type's code (turnover, deep clean…), null when the clean has none. */
  cleaningTypeCode: string | null;
  /** Guests arriving after the clean, when known. */
  guests: number | null;
  /** The villa's bedrooms, when known. */
  bedrooms: number | null;
}

/** A part of a clean's run once it is finished (inventory: what the clean consumed). */
export interface CleanDonePart {
  key: string;
  order: number;
  visible?: Visible;
  Component: ComponentType<CleanDoneProps>;
}

/** A part of a work order's detail, for those who work on it (inventory: parts used). */
export interface WorkOrderPart {
  key: string;
  order: number;
  visible?: Visible;
  Component: ComponentType<{ workOrderId: string }>;
}

/**
 * A badge beside an entry of the app's menu (team chat: the unread messages), drawn in the
 * signed-in frame on every screen: keep it a `lazyPart`, its read small and live.
 */
export interface NavBadge {
  key: string;
  /** The route table's key of the menu entry it sits beside. */
  route: NavKey;
  visible?: Visible;
  Component: ComponentType;
}

/** What one area adds to the screens of others. */
export interface AreaContribution {
  /** The area's name (its folder under src/features). */
  area: string;
  dashboardCards?: DashboardCard[];
  propertySections?: PropertySection[];
  /** The header's actions (beside the sync status and the menus). */
  headerActions?: AreaAction[];
  /** Beside a villa's guest-ready state on its page. */
  propertyActions?: AreaAction[];
  /** Under a clean's run once it is finished. */
  cleanDoneParts?: CleanDonePart[];
  /** In a work order's detail, for those who work on it. */
  workOrderParts?: WorkOrderPart[];
  /** Beside the area's entry in the app's menu. */
  navBadges?: NavBadge[];
  /**
   * Words for the guest-ready reason codes the area's SQL registers (private.readiness_codes, read
   * through the generated readiness-codes.ts): every code has its words in exactly one area
   * (src/app/areas.test.ts).
   */
  readinessReasons?: Partial<Record<ReadinessReasonCode, string>>;
}

/** Every area's contributions, each kind in order. */
export interface Areas {
  dashboardCards: DashboardCard[];
  propertySections: PropertySection[];
  headerActions: AreaAction[];
  propertyActions: AreaAction[];
  cleanDoneParts: CleanDonePart[];
  workOrderParts: WorkOrderPart[];
  navBadges: NavBadge[];
  readinessReasons: Partial<Record<ReadinessReasonCode, string>>;
}

const byOrder = <T extends { order: number }>(parts: T[]): T[] =>
  [...parts].sort((a, b) => a.order - b.order);

/** The registry from the areas' contributions (src/app/areas.tsx). */
export function composeAreas(contributions: readonly AreaContribution[]): Areas {
  return {
    dashboardCards: byOrder(contributions.flatMap((c) => c.dashboardCards ?? [])),
    propertySections: byOrder(contributions.flatMap((c) => c.propertySections ?? [])),
    headerActions: byOrder(contributions.flatMap((c) => c.headerActions ?? [])),
    propertyActions: byOrder(contributions.flatMap((c) => c.propertyActions ?? [])),
    cleanDoneParts: byOrder(contributions.flatMap((c) => c.cleanDoneParts ?? [])),
    workOrderParts: byOrder(contributions.flatMap((c) => c.workOrderParts ?? [])),
    navBadges: contributions.flatMap((c) => c.navBadges ?? []),
    // Copied with their getters: an area's words are read in the language of the moment.
    readinessReasons: Object.defineProperties(
      {},
      Object.assign(
        {},
        ...contributions.map((c) => Object.getOwnPropertyDescriptors(c.readinessReasons ?? {})),
      ) as PropertyDescriptorMap,
    ),
  };
}

/**
 * Starts the reads of the cards this viewer is shown (the dashboard's loader): none for an account
 * with no role yet, which the dashboard shows no card.
 */
export function prefetchDashboardCards(
  queryClient: QueryClient,
  cards: readonly DashboardCard[],
  viewer: SignedInViewer,
): void {
  if (viewer.roles.length === 0) return;
  for (const card of cards) if (card.visible(viewer)) void card.prefetch?.(queryClient, viewer);
}

/** How long the dashboard holds its cards back for the slowest one at most. */
const CARDS_WAIT_MS = 4000;

/**
 * True once every card shown has its chunk and its read settled (answered or failed), or after
 * CARDS_WAIT_MS: the dashboard then draws its cards in one commit, so a card that arrives late
 * does not move those drawn below it (bench/README.md "Issue 29"). Kept per viewer and set of
 * cards: a return to the dashboard draws them at once.
 */
export function useCardsSettled(cards: readonly DashboardCard[], viewer: SignedInViewer): boolean {
  const queryClient = useQueryClient();
  const settled = useQuery({
    queryKey: ['dashboard-cards-settled', viewer.userId, cards.map((c) => c.key)],
    queryFn: async () => {
      const all = Promise.all(
        cards.map((c) => Promise.all([c.preload?.(), c.prefetch?.(queryClient, viewer)])),
      );
      await Promise.race([all, new Promise((r) => setTimeout(r, CARDS_WAIT_MS))]);
      return true;
    },
    enabled: cards.length > 0,
    staleTime: Infinity,
    networkMode: 'always',
  });
  return cards.length === 0 || settled.data === true;
}

/**
 * A card's `prefetch`: the read whose module is imported lazily, asked for as a route loader asks
 * (src/lib/route-loader.ts): the loader does not wait for it, and a failed import (offline, a new
 * build) is left to the card, which imports it again as it draws. Settles when the read has
 * answered or failed; never fails.
 */
export function prefetchLazily<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: () => Promise<FetchQueryOptions<T, Error, T, K>>,
): Promise<void> {
  return options()
    .then((o) => queryClient.ensureQueryData(o))
    .then(
      () => undefined,
      () => undefined,
    );
}

export const AreasContext = createContext<Areas>(composeAreas([]));

/** The composed registry (empty outside the signed-in frame). */
export function useAreas(): Areas {
  return useContext(AreasContext);
}

/**
 * Holds a part whose chunk failed to load (offline before the part was ever loaded here): a
 * short note in its place instead of the whole screen's error page; tried again when the
 * connection returns.
 */
class PartLoadBoundary extends Component<
  { retry: () => void; part: () => ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  private again = () => {
    if (!this.state.failed) return;
    this.props.retry();
    this.setState({ failed: false });
  };
  override componentDidMount() {
    window.addEventListener('online', this.again);
  }
  override componentWillUnmount() {
    window.removeEventListener('online', this.again);
  }
  override render() {
    return this.state.failed
      ? createElement(
          'p',
          { role: 'status', className: 'text-muted-foreground text-sm' },
          // What a part shows when its chunk could not be loaded (no connection, not kept).
          messages.t('part.unavailable'),
        )
      : this.props.part();
  }
}

/**
 * A part loaded in its own chunk when first shown, `fallback` meanwhile; `preload()` starts the
 * load early (a route that will show it). A chunk that fails to load (offline) leaves a note in
 * the part's place, not the screen's error page, and is tried again once back online.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> & { preload: () => Promise<unknown> } {
  let loading: Promise<ComponentType<P>> | undefined;
  // A failed load (offline, a new build) is tried again the next time.
  const once = () =>
    (loading ??= load().catch((e: unknown) => {
      loading = undefined;
      throw e;
    }));
  // React.lazy keeps a failure for good: a retry takes a fresh one.
  const fresh = () => lazy(async () => ({ default: await once() }));
  let Lazy = fresh();
  const retry = () => {
    Lazy = fresh();
  };
  // The boundary draws the part itself, so a retry draws the fresh one.
  const Part = (props: P) =>
    createElement(PartLoadBoundary, {
      retry,
      part: () => createElement(Suspense, { fallback }, createElement(Lazy, props)),
    });
  // Starting early never fails the caller (the dashboard's route): a part that cannot load shows
  // its own note when drawn.
  return Object.assign(Part, { preload: () => once().catch(() => undefined) });
}

/** A guest-ready reason code in words: an area's own words first, then src/lib/readiness.ts's. */
export function useReasonLabel(): (code: string) => string {
  const { readinessReasons } = useAreas();
  return (code) => readinessReasons[code as ReadinessReasonCode] ?? reasonLabel(code);
}
