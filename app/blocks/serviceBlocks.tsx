/**
 * The blocks of a few service pages (tools, gallery, price tables, vouchers, accessories, frames) as one lazily
 * loaded component that renders whichever of them it is given: every page's code carries
 * one registry entry for them instead of four.
 */
import { Accessories } from "./Accessories/Accessories";
import { GiftVouchers } from "./GiftVouchers/GiftVouchers";
import { CustomerPictures } from "./CustomerPictures/CustomerPictures";
import { Frame } from "./Frame/Frame";
import { FormatsAndPrices } from "./FormatsAndPrices/FormatsAndPrices";
import { Toolbox } from "./Toolbox/Toolbox";
import type { BlockProps, ServiceBlock as ServiceBlockData } from "./types";
import { Voucher } from "./Voucher/Voucher";

export function ServiceBlock({ block, index }: BlockProps<ServiceBlockData>) {
  switch (block.component) {
    case "Toolbox":
      return <Toolbox block={block} index={index} />;
    case "CustomerPictures":
      return <CustomerPictures block={block} index={index} />;
    case "FormatsAndPrices":
      return <FormatsAndPrices block={block} index={index} />;
    case "Voucher":
      return <Voucher block={block} index={index} />;
    case "Accessories":
      return <Accessories block={block} index={index} />;
    case "GiftVouchers":
      return <GiftVouchers block={block} index={index} />;
    case "Frame":
      return <Frame block={block} index={index} />;
  }
}
