import path from "node:path";
import type { TSESTree } from "@typescript-eslint/types";
import { lintRound } from "../../schema/disk-rounds.js";
import {
  AgentixConfigError,
  loadConfigForFile,
  type AgentixConfig,
} from "../../schema/load-config.js";
import { listFolderTree } from "../../schema/folder-listings.js";
import { isFileDirectlyIn } from "../../schema/paths.js";
import { layoutFor } from "../logic/project/layout.js";
import { PREFETCH_LIMIT, sharedProjectServices } from "../logic/project-services.js";
import { NO_VISITORS, type LeanFile, type LeanPlan, type RuleLogic } from "../logic/rule-logic.js";

/** What the files of one folder share in one disk round: their configuration, each rule's plan. */
export interface FolderPlans {
  readonly dir: string;
  readonly round: number;
  /** The folder's agentix configuration, or why agentix.config.json cannot be used. */
  readonly config: AgentixConfig | AgentixConfigError;
  /** Each rule's lean plan, once asked (null: none, the rule takes its full path). */
  readonly plans: Map<RuleLogic<never>, LeanPlan | null>;
}

const byFolder = new Map<string, FolderPlans>();
/**
 * The folder of the file linted last, and the one before it: a lint run goes through a folder's
 * files one by one, but ESLint finishes reading them out of order, so a subfolder's files come
 * between its parent's (a quarter of the files of the real-shaped bench corpus did).
 */
let lastFolder: FolderPlans | undefined;
let otherFolder: FolderPlans | undefined;
/** The file whose rules are being created (all rules of a file are created one after another). */
let lastProgram: TSESTree.Program | undefined;
/** The disk round the folders below were made or renewed in. */
let currentRound = -1;
/** The folders whose plans were made or renewed in currentRound. */
let usedThisRound: FolderPlans[] = [];
/** How many folders' plans a linted file (not a renewal) asked for first in currentRound. */
let newThisRound = 0;

/**
 * The plans of the folder of the file `program` was parsed from, for the current disk round: a
 * file of the folder linted before answers with one comparison, any other with one look-up; a
 * new round asks the configuration again (schema/load-config.ts), and each rule its plan, so a
 * file or folder created during an editor session is seen.
 */
export function folderPlans(filename: string, program: TSESTree.Program): FolderPlans {
  if (lastProgram === program && lastFolder) return lastFolder;
  const round = lintRound(filename);
  if (round !== currentRound) renewUsedFolders(round);
  let folder = lastFolder;
  if (folder?.round !== round || !isFileDirectlyIn(folder.dir, filename)) {
    const other = otherFolder;
    if (other?.round === round && isFileDirectlyIn(other.dir, filename)) folder = other;
    else {
      const dir = path.dirname(path.isAbsolute(filename) ? filename : path.resolve(filename));
      folder = byFolder.get(dir);
      if (folder?.round !== round) {
        folder = plansFor(dir, filename, round);
        if (++newThisRound === CONFIGS_AFTER) loadProjectConfigs(folder.config);
      }
    }
    otherFolder = lastFolder;
    lastFolder = folder;
  }
  lastProgram = program;
  return folder;
}

/** Folders with a file linted in a round before the project's configurations are read in one pass. */
const CONFIGS_AFTER = 4;

/**
 * Reads the configuration of every source folder of `config`'s project in one pass, once a
 * round has linted files of CONFIGS_AFTER folders (a lint of a project, not an editor's one
 * file): asked as each folder's first file comes, between two files' parses, a cold run paid
 * about twice as much for the same answers (bench/no-private-imports.bench.mjs).
 */
function loadProjectConfigs(config: AgentixConfig | AgentixConfigError): void {
  if (config instanceof AgentixConfigError) return;
  for (const dir of listFolderTree(config.root, PREFETCH_LIMIT)) {
    try {
      loadConfigForFile(path.join(dir, "_"));
    } catch (error) {
      // A broken configuration is reported when a file of its folder is linted.
      if (!(error instanceof AgentixConfigError)) throw error;
    }
  }
}

/** A folder's configuration for `round`, with no plan asked yet. */
function plansFor(dir: string, file: string, round: number): FolderPlans {
  let config: AgentixConfig | AgentixConfigError;
  try {
    config = loadConfigForFile(file);
  } catch (error) {
    if (!(error instanceof AgentixConfigError)) throw error;
    config = error;
  }
  const folder = { dir, round, config, plans: new Map() };
  byFolder.set(dir, folder);
  usedThisRound.push(folder);
  return folder;
}

/**
 * Starts `round`: the folders the last round used are asked again in one pass, with the plans
 * their files asked for. Asked as each folder's first file comes (between two files' parses,
 * with the caches cold) the same answers cost about ten times as much; a round's answers are
 * as fresh at its start as later in it. An editor's lint uses one folder a round: it renews one.
 */
function renewUsedFolders(round: number): void {
  const used = usedThisRound;
  currentRound = round;
  usedThisRound = [];
  newThisRound = 0;
  for (const old of used) {
    if (byFolder.get(old.dir) !== old) continue; // renewed already, or forgotten
    const folder = plansFor(old.dir, path.join(old.dir, "_"), round);
    for (const logic of old.plans.keys()) planOf(folder, logic);
  }
}

/**
 * The rule's plan for the files of the folder (RuleLogic.lean), under the verdict
 * agentix.config.json gives; null when they need their full input (or the config is broken,
 * which the full path reports).
 */
export function planOf(folder: FolderPlans, logic: RuleLogic<never>): LeanPlan | null {
  let plan = folder.plans.get(logic);
  if (plan !== undefined) return plan;
  const config = folder.config;
  if (config instanceof AgentixConfigError || !logic.lean) plan = null;
  else if (config.rules[logic.ruleId] === "off") plan = NO_VISITORS;
  else plan = logic.lean({ dir: folder.dir, config, services: sharedProjectServices() }) ?? null;
  // `ignores` silences single files: they are asked one by one.
  if (
    plan !== null &&
    plan !== NO_VISITORS &&
    !(config instanceof AgentixConfigError) &&
    config.ignores.length > 0
  ) {
    const layout = layoutFor(config);
    const unless = plan;
    const chooser = (file: LeanFile) =>
      layout.isIgnored(file.filename)
        ? NO_VISITORS
        : typeof unless === "function"
          ? unless(file)
          : unless;
    // A file the inner gate rejects gets no visitors, ignored or not.
    plan =
      typeof unless === "function" && unless.gate
        ? Object.assign(chooser, { gate: unless.gate })
        : chooser;
  }
  folder.plans.set(logic, plan);
  return plan;
}
