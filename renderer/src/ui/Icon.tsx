/** Icons: Lucide's static SVG strings (already a dependency of the docs theme), tree-shaken into the bundle. */
import {
  CircleAlert,
  CircleCheck,
  Copy,
  Download,
  ExternalLink,
  FolderOpen,
  KeyRound,
  LogOut,
  Menu,
  MessageSquare,
  Moon,
  Package,
  Plus,
  RefreshCw,
  ShieldCheck,
  Sun,
  Trash2,
  Upload,
  X,
  Layers,
} from 'lucide-static';

const ICONS = {
  alert: CircleAlert,
  check: CircleCheck,
  copy: Copy,
  download: Download,
  external: ExternalLink,
  folder: FolderOpen,
  key: KeyRound,
  logout: LogOut,
  menu: Menu,
  feedback: MessageSquare,
  moon: Moon,
  exports: Package,
  plus: Plus,
  refresh: RefreshCw,
  verify: ShieldCheck,
  sun: Sun,
  trash: Trash2,
  upload: Upload,
  close: X,
  projects: Layers,
} as const;

/** An icon's name. */
export type IconName = keyof typeof ICONS;

/** A decorative icon (hidden from assistive technology: the control next to it carries the name). */
export function Icon({ name }: { name: IconName }) {
  return <span className="icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: ICONS[name] }} />;
}
