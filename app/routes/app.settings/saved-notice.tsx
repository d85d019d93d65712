// What a save from the top save bar says, where the merchant is looking: at the top of the page,
// brought into view and announced (role status), naming the section saved (not inside a card far below the fold).
import { Banner } from "@shopify/polaris";
import { useEffect, useRef } from "react";

export function SavedNotice({ message }: { message: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The notice is the page's first block: the top of the page shows it with the title above it
    // (scrolling the notice itself to the very top would tuck it under a bar fixed over the page).
    window.scrollTo({ top: 0 });
    ref.current?.focus({ preventScroll: true });
  }, [message]);
  return (
    <div ref={ref} tabIndex={-1} role="status" data-testid="settings-saved">
      <Banner tone="success" title={message} />
    </div>
  );
}
