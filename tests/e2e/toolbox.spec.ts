/**
 * The toolbox in the browser, on the card shop's German tools page (linked from the service
 * page): a photo optimised for print and a PDF made of two photos come back in place with
 * their download links, which download; a file that is no photo is named as such. The
 * wall-art shop's tools page is the same block (rendered over HTTP by the storefront crawl);
 * the form's post without JavaScript, on to the download, is server/api/toolbox.test.ts's
 * ("sends a plain form post") and the block's forms Toolbox.test.tsx's.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test, url, withConsent } from "./fixtures";

test.beforeEach(async ({ context }) => {
  await withConsent(context, ["cards.localhost"]);
});

const photo = async (width: number, height: number) => ({
  name: `urlaub-${width}x${height}.png`,
  mimeType: "image/png",
  buffer: await sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .png()
    .toBuffer(),
});

/** The tool's form once the block's code has loaded. */
async function tool(page: Page, name: string) {
  await page.locator(".toolbox[data-interactive]").waitFor({ state: "attached", timeout: 15_000 });
  return page.getByRole("form", { name });
}

test("a photo optimised for print and two photos made into a PDF come back to download; a file that is no photo is named", async ({
  page,
  shop,
}) => {
  await shop.visit(url("cards", "/service"));
  await page.getByRole("link", { name: /^Foto-Werkzeuge/ }).click();
  await expect(page).toHaveURL(/\/service\/foto-werkzeuge$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  const optimise = await tool(page, "Für den Druck optimieren");
  await optimise.getByLabel("Foto", { exact: true }).setInputFiles(await photo(600, 400));
  await optimise.getByRole("button", { name: "Los geht’s" }).click();
  const result = optimise.getByRole("status");
  await expect(result).toContainText("Fertig: urlaub-600x400-print.jpg", { timeout: 20_000 });
  const downloaded = page.waitForEvent("download");
  await result.getByRole("link", { name: "Herunterladen" }).click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toBe("urlaub-600x400-print.jpg");
  const metadata = await sharp(readFileSync((await file.path())!)).metadata();
  expect(metadata).toMatchObject({ format: "jpeg", width: 600, height: 400, density: 300 });

  const pdf = await tool(page, "Fotos zu PDF");
  await pdf.getByLabel("Fotos").setInputFiles([await photo(300, 200), await photo(200, 300)]);
  await pdf.getByRole("button", { name: "Los geht’s" }).click();
  await expect(pdf.getByRole("status")).toContainText("urlaub-300x200.pdf", { timeout: 20_000 });

  // A file that is no photo is named as such.
  const convert = await tool(page, "Bildformat umwandeln");
  await convert.getByLabel("Foto", { exact: true }).setInputFiles({
    name: "notizen.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Einkaufsliste"),
  });
  await convert.getByLabel("Umwandeln in").selectOption("png");
  await convert.getByRole("button", { name: "Los geht’s" }).click();
  await expect(convert.getByRole("status")).toContainText("kein Foto, das wir lesen können");
  await shop.expectAccessible();
});
