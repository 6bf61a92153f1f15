/**
 * The limits the bench's figures are held to: read by the sections that print them beside their
 * figures and by ./targets.ts, which checks them all at the end. Cold start and bundle size are
 * held to the floors (../yardsticks/): what the libraries the design requires cost with no
 * project code, measured in the same run, so that a limit is one the design can meet and a
 * missed one is the project's own share growing. A DynamoDB function's cold start is held to
 * DatabaseFloor beyond its request floor: DatabaseFloor sending the function's own requests
 * (../yardsticks/request-floor.ts), since what the SDK costs for each request the API makes the
 * function send is the design's, not the project's code; and the requests themselves are held to
 * the design's count. floorOf says which floor and which limits a subject is held to.
 */
import type { RequestFloors } from '../cold-start/request-floors';
import type { Subject, Subjects } from '../setup/subjects';

/** The memory size the cold-start targets are checked at. */
export const TARGET_MB = 256;

export const TARGETS = {
  /** Static functions' cold start (import and first XML answer) at TARGET_MB, at most this many times StaticFloor's. */
  staticColdPerFloor: 1.5,
  /**
   * DynamoDB functions' cold start at TARGET_MB less their request floor's (the same requests
   * sent by DatabaseFloor), at most this share of DatabaseFloor's: a function answering with one
   * GetItem is held to 1.3 × DatabaseFloor, as before there were request floors.
   */
  databaseColdBeyondRequestsPerFloor: 0.3,
  /**
   * The DynamoDB requests of each function's cold start on the bench's data, at most: what the
   * design reads and writes for it (docs/api.md, Cost; docs/gallery-layout.md). A function that
   * sends more fails here, whatever its request floor makes of the time.
   */
  databaseRequests: {
    ShortUrlCreateFunction: 3,
    ShortUrlFunction: 1,
    RedirectFunction: 2,
    GalleryPhotosFunction: 2,
    GalleryPhotosByIdsFunction: 2,
    GalleryPhotoFunction: 2,
    GalleryCommentsFunction: 2,
    GalleryPhotosCommentsFunction: 4,
    GalleryPhotoCommentsFunction: 3,
    GalleryCommentFunction: 2,
    GalleryRepliesFunction: 3,
  } as Readonly<Record<string, number>>,
  /** Static functions' bundles (raw bytes), at most this many times StaticFloor's. */
  staticBytesPerFloor: 1.4,
  /** DynamoDB functions' bundles (raw bytes), at most this many times DatabaseFloor's. */
  databaseBytesPerFloor: 1.3,
  /** Median warm latency of these functions, in every type. */
  warmUs: 50,
  warmFunctions: ['ErrorsFunction', 'ContainersFunction'],
  /** The redirect's median latency, at most this many bare UpdateItem round trips. */
  redirectPerUpdateItem: 1.5,
};

export interface FloorAndLimits {
  readonly floor: Subject;
  /** A DynamoDB function's: DatabaseFloor sending its requests. */
  readonly requestFloor?: Subject;
  readonly bytesLimit: number;
  /** The limit of coldFigure(). */
  readonly coldLimit: number;
}

/**
 * A function's floor, and the limits its figures against it are held to: the static floor for
 * the functions without DynamoDB, the DynamoDB floor for the others, with the function's request
 * floor once `requestFloors` are recorded. The yardsticks have none.
 */
export function floorOf({ staticFloor, databaseFloor }: Subjects, fn: Subject, requestFloors?: RequestFloors): FloorAndLimits {
  if (fn.kind !== 'function') throw new Error(`${fn.id} is a yardstick: it has no floor`);
  if (!fn.database) return { floor: staticFloor, bytesLimit: TARGETS.staticBytesPerFloor, coldLimit: TARGETS.staticColdPerFloor };
  return {
    floor: databaseFloor,
    requestFloor: requestFloors?.get(fn.id)?.floor,
    bytesLimit: TARGETS.databaseBytesPerFloor,
    coldLimit: TARGETS.databaseColdBeyondRequestsPerFloor,
  };
}

/**
 * The figure a function's cold start (`ofNs`) is held to coldLimit by: the multiple of its
 * floor's for a static function, and for a DynamoDB one what it takes beyond its request floor
 * as a share of DatabaseFloor's.
 */
export function coldFigure(ofNs: (s: Subject) => number, fn: Subject, { floor, requestFloor }: FloorAndLimits): number {
  if (fn.database && requestFloor === undefined) throw new Error(`${fn.id}'s requests were not recorded`);
  return (ofNs(fn) - (requestFloor === undefined ? 0 : ofNs(requestFloor))) / ofNs(floor);
}
