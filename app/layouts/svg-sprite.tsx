import { Outlet } from "react-router";

/** The svg-sprite layout: the bare page, no site furniture. */
export default function SvgSpriteLayout() {
  return (
    <main id="main" className="sprite-layout">
      <Outlet />
    </main>
  );
}
