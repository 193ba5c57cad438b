declare module "virtual:provider-marks" {
  /** Brand marks by a provider definition's ui.icon (web/vite/provider-marks.ts). */
  const marks: Record<string, { title: string; path: string }>;
  export default marks;
}
