"""Shared CSS for the widgets: large, clear and friendly on a classroom projector.

The sheet is one ``<style>`` element in an ``HTML`` widget (no script), scoped
by the ``tt-`` classes the widgets add to themselves with ``add_class``.
Colours come from `toptrumps_core.svg.COLOURS`, so the controls match the
cards; every signal also has text or a symbol (▼, ★, ⚠), never colour alone.
"""

from __future__ import annotations

import ipywidgets as ipw

from toptrumps_core.svg import COLOURS, SANS_FONT

__all__ = ["CSS", "FOCUS_HALO", "FOCUS_RING", "shared_style_sheet", "style_sheet"]

_C = COLOURS

FOCUS_RING = _C["border"]
"""The keyboard focus ring: dark navy, far above 3:1 against the cream table and white panels (WCAG 1.4.11)."""
FOCUS_HALO = "#FFFFFF"
"""The light halo between a focused control and its ring, so the ring stands out on a dark button too."""

CSS = f"""
<style>
.tt-table {{
  --jp-widgets-font-size: 18px; --jp-widgets-inline-height: 40px; --jp-widgets-inline-label-width: 190px;
  --jp-widgets-inline-width: 380px;
  font-family: {SANS_FONT};
  font-size: 20px; line-height: 1.35; color: {_C["text"]};
  background: {_C["table"]}; border-radius: 18px; padding: 14px 18px; max-width: 1600px; box-sizing: border-box;
}}
.tt-table .widget-html-content, .tt-table .widget-label {{ font-size: 20px; line-height: 1.35; }}
.tt-table .widget-html, .tt-table .widget-html-content {{ height: auto; }}
.tt-title .widget-html-content {{ font-size: 28px; font-weight: 700; }}
.tt-subtitle {{ font-size: 18px; font-weight: 400; color: {_C["muted"]}; }}
.tt-turn .widget-html-content {{
  font-size: 26px; font-weight: 700; color: #FFFFFF; background: {_C["header"]};
  border-radius: 12px; padding: 10px 18px; margin: 6px 0;
}}
.tt-status .widget-html-content {{ font-size: 20px; }}
.tt-status-error {{
  display: block; background: #FFF4E5; border-left: 8px solid {_C["lower"]};
  padding: 8px 14px; border-radius: 8px; font-weight: 600;
}}
.tt-status-info {{ display: block; padding: 4px 2px; }}
.tt-result .widget-html-content {{ font-size: 26px; font-weight: 700; min-height: 1.4em; }}
.tt-result-win {{ color: {_C["winner"]}; }}
.tt-result-tie {{ color: {_C["tie"]}; }}
.tt-svg svg, .tt-cardview svg {{ max-width: 100%; height: auto; display: block; }}
/* Hi Lo's cards: 280 px wide, so their smallest type (the odds, 15 of 320 units) reads at 13 px. */
.tt-hilo-row .tt-cardview svg {{ width: 280px; }}
.tt-hilo-row .tt-cardview.tt-face-down svg {{ width: 200px; }}
.tt-stacks {{ display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-end; }}
.tt-stacks figure {{ margin: 0; text-align: center; font-size: 18px; font-weight: 600; }}
.tt-stacks figcaption {{ min-height: 1.4em; }}
.tt-stack-name {{ font-size: 16px; font-weight: 700; line-height: 1.2; overflow-wrap: anywhere; }}
.tt-stack-count {{ font-size: 18px; font-weight: 800; line-height: 1.2; }}
.tt-out {{ color: {_C["muted"]}; font-weight: 800; letter-spacing: 0.05em; }}
.tt-card {{
  background: {_C["card"]}; border: 4px solid {_C["border"]}; border-radius: 16px;
  overflow: hidden; width: 100%; max-width: 620px;
}}
.tt-card-head .widget-html-content {{ line-height: 1.2; }}
.tt-card-name {{
  display: flex; justify-content: space-between; align-items: center; gap: 10px;
  background: {_C["header"]}; color: {_C["header_text"]}; font-size: 28px; font-weight: 700; padding: 12px 16px;
}}
.tt-card-code {{
  background: {_C["code"]}; color: {_C["code_text"]}; border-radius: 8px; padding: 2px 10px; font-size: 22px;
}}
.tt-card-picture {{
  background: {_C["picture"]}; text-align: center; font-size: 72px; line-height: 1.3; padding: 4px 0;
}}
.tt-card-fact {{ font-size: 17px; color: {_C["muted"]}; padding: 6px 16px 8px 16px; }}
.tt-card-hint {{ font-size: 17px; font-weight: 600; padding: 2px 16px 8px 16px; }}
.tt-row {{ border-top: 1px solid {_C["rule"]}; margin: 0; align-items: center; }}
.tt-row:nth-child(odd) {{ background: {_C["row_alt"]}; }}
.tt-table .jupyter-button.tt-category {{
  height: auto; min-height: 56px; line-height: 1.25; white-space: normal; text-align: left;
  font-size: 22px; font-weight: 600; color: {_C["text"]}; background: transparent;
  padding: 8px 16px; margin: 0; border-radius: 0;
}}
.tt-table .jupyter-button.tt-category:hover:enabled, .tt-table .jupyter-button.tt-category:focus:enabled {{
  background: {_C["highlight"]}; outline: 4px solid {_C["select"]}; outline-offset: -4px;
}}
.tt-lens .widget-html-content {{
  font-size: 18px; font-weight: 700; color: {_C["mark"]}; padding: 0 14px 6px 16px; white-space: nowrap;
}}
.tt-table .jupyter-button.tt-big {{
  height: auto; min-height: 52px; font-size: 22px; font-weight: 700; padding: 8px 20px; border-radius: 10px;
  white-space: normal;
}}
.tt-table .jupyter-button.tt-primary {{ background: {_C["select"]}; color: #FFFFFF; }}
.tt-table .jupyter-button.tt-secondary {{ background: #FFFFFF; color: {_C["text"]}; border: 2px solid {_C["border"]}; }}
.tt-table .jupyter-button.tt-big:focus:enabled, .tt-table select:focus-visible, .tt-table input:focus-visible {{
  outline: 4px solid {FOCUS_RING}; outline-offset: 2px; box-shadow: 0 0 0 2px {FOCUS_HALO};
}}
.tt-pass .widget-html-content, .tt-over .widget-html-content {{ font-size: 24px; }}
.tt-panel {{
  background: #FFFFFF; border: 3px solid {_C["border"]}; border-radius: 16px; padding: 14px 18px;
}}
.tt-headline {{ font-size: 34px; font-weight: 800; margin-bottom: 6px; }}
.tt-log .widget-html-content {{ font-size: 17px; }}
.tt-log-box {{
  max-height: 280px; overflow-y: auto; background: #FFFFFF; border: 2px solid {_C["rule"]};
  border-radius: 10px; padding: 6px 12px;
}}
.tt-log-box ol {{ margin: 0; padding-left: 0; list-style: none; }}
.tt-log-box li {{ padding: 3px 0; border-bottom: 1px solid {_C["row_alt"]}; }}
.tt-log-box li:first-child {{ font-weight: 700; }}
.tt-log-box li.tt-log-head:not(:first-child) {{ border-top: 2px solid {_C["rule"]}; }}
.tt-heading {{ font-size: 22px; font-weight: 700; margin: 8px 0 4px 0; }}
.tt-settings .widget-label, .tt-settings .widget-readout, .tt-settings input, .tt-settings select,
.tt-settings .widget-checkbox label {{ font-size: 18px; }}
.tt-settings .widget-inline-hbox, .tt-settings .widget-inline-vbox {{ margin: 4px 8px 4px 0; }}
.tt-table .widget-inline-hbox {{ max-width: 100%; }}
.tt-table .widget-inline-hbox > .widget-label {{ flex-shrink: 0; }}
.tt-table .widget-inline-hbox > select, .tt-table .widget-inline-hbox > input {{ min-width: 0; }}
.tt-settings .widget-toggle-button {{ padding: 0 16px; min-width: 120px; }}
.tt-settings .widget-toggle-buttons {{ flex-wrap: nowrap; }}
.tt-table .tt-settings .widget-toggle-button.mod-active {{
  background: {_C["select"]}; color: #FFFFFF; font-weight: 700;
}}
.tt-table .tt-settings .widget-toggle-button.mod-active::before {{ content: "✓ "; }}
.tt-table .widget-checkbox label {{ font-size: 20px; }}
.tt-table .widget-checkbox input[type="checkbox"] {{ width: 22px; height: 22px; }}
.tt-table .jupyter-widget-Collapse-header {{
  font-size: 20px; color: {_C["text"]}; background: #FFFFFF; border: 2px solid {_C["border"]}; border-radius: 10px;
}}
.tt-table .jupyter-widget-Collapse-header:focus-visible {{ outline: 4px solid {_C["select"]}; }}
.tt-disclosure {{ margin: 8px 0 0 0; }}
.tt-table .jupyter-button.tt-disclosure-toggle, .tt-table .jupyter-button.tt-projector-toggle {{
  height: auto; min-height: 48px; font-size: 20px; font-weight: 600; text-align: left; white-space: normal;
  color: {_C["text"]}; background: #FFFFFF; border: 2px solid {_C["border"]}; border-radius: 10px; padding: 6px 16px;
}}
.tt-table .jupyter-button.tt-projector-toggle {{ margin-left: auto; font-size: 17px; min-height: 40px; }}
.tt-table .jupyter-button.tt-disclosure-toggle.mod-active, .tt-table .jupyter-button.tt-projector-toggle.mod-active {{
  background: {_C["highlight"]}; box-shadow: none;
}}
.tt-table .jupyter-button:focus-visible {{
  outline: 4px solid {FOCUS_RING}; outline-offset: 2px; box-shadow: 0 0 0 2px {FOCUS_HALO};
}}
.tt-disclosure-body {{ padding: 8px 0 0 8px; }}
.tt-selfcheck .widget-radio-box label {{
  display: flex; align-items: flex-start; gap: 10px; font-size: 20px; line-height: 1.4; padding: 4px 0;
  white-space: normal; height: auto;
}}
.tt-selfcheck .widget-radio-box input[type="radio"] {{
  order: -1; flex: 0 0 auto; width: 20px; height: 20px; margin: 3px 0 0 0;
}}
.tt-selfcheck .widget-radio, .tt-selfcheck .widget-radio-box {{ width: auto; max-width: 100%; }}
.tt-lesson .tt-svg svg {{ max-width: 100%; height: auto; }}
.tt-lesson table.tt-table {{ font-size: 17px; border-collapse: collapse; max-width: 100%; }}
.tt-lesson table.tt-table th, .tt-lesson table.tt-table td {{
  padding: 4px 10px; border-bottom: 1px solid {_C["rule"]};
}}
.tt-experiment .widget-progress {{ --jp-widgets-inline-width: 100%; max-width: 640px; }}
.tt-table .widget-box {{ min-width: 0; max-width: 100%; }}
.tt-table .widget-html, .tt-table .widget-html-content {{ max-width: 100%; overflow-wrap: anywhere; }}
/* Phones (390 px wide): less padding, smaller type, nothing wider than the screen. */
@media (max-width: 600px) {{
  .tt-table {{ padding: 10px 8px; border-radius: 10px; font-size: 18px; }}
  .tt-title .widget-html-content {{ font-size: 22px; }}
  .tt-turn .widget-html-content {{ font-size: 20px; padding: 8px 12px; }}
  .tt-card-name {{ font-size: 22px; padding: 8px 10px; }}
  .tt-card-picture {{ font-size: 52px; }}
  .tt-table .jupyter-button.tt-category {{ font-size: 19px; padding: 8px 10px; }}
  .tt-lens .widget-html-content {{ white-space: normal; }}
  .tt-table .jupyter-button.tt-big {{ font-size: 19px; padding: 8px 12px; }}
  .tt-stacks svg {{ width: 96px; height: auto; }}
  .tt-stack-name {{ font-size: 15px; }}
  .tt-stack-count {{ font-size: 16px; }}
  .tt-table .widget-inline-hbox {{ flex-wrap: wrap; }}
  table.tt-table {{ display: block; overflow-x: auto; max-width: 100%; font-size: 15px; padding: 6px; }}
}}
/* Laptops (768 px high or so): the turn line, the person's card and the main button fit one screen. */
@media (max-height: 900px) and (min-width: 601px) {{
  .tt-title .widget-html-content {{ font-size: 24px; }}
  .tt-turn .widget-html-content {{ font-size: 22px; padding: 6px 14px; margin: 4px 0; }}
  .tt-card-name {{ font-size: 24px; padding: 8px 14px; }}
  .tt-card-picture {{ font-size: 48px; line-height: 1.15; }}
  .tt-card-fact {{ padding: 3px 16px 4px 16px; }}
  .tt-card-hint {{ padding: 0 16px 4px 16px; }}
  .tt-table .jupyter-button.tt-category {{ min-height: 46px; padding: 5px 16px; font-size: 20px; }}
  .tt-stacks svg {{ width: 104px; height: auto; }}
  .tt-stacks figcaption {{ font-size: 16px; }}
  .tt-card-back svg {{ width: 170px; }}
  .tt-pass .tt-headline {{ font-size: 26px; }}
}}
/* Projector mode (a teacher's switch): the full width, bigger type and cards. */
.tt-table.tt-projector {{
  max-width: none; font-size: 26px; --jp-widgets-font-size: 22px; --jp-widgets-inline-height: 48px;
}}
.tt-projector .widget-html-content, .tt-projector .widget-label {{ font-size: 26px; }}
.tt-projector.tt-table .tt-title .widget-html-content {{ font-size: 36px; }}
.tt-projector.tt-table .tt-turn .widget-html-content {{ font-size: 32px; }}
.tt-projector .tt-result .widget-html-content {{ font-size: 32px; }}
.tt-projector .tt-card {{ max-width: 760px; }}
.tt-projector .tt-card-name {{ font-size: 34px; }}
.tt-projector.tt-table .jupyter-button.tt-category, .tt-projector.tt-table .jupyter-button.tt-big,
.tt-projector.tt-table .jupyter-button.tt-choice {{ font-size: 28px; min-height: 64px; }}
.tt-projector .tt-log .widget-html-content {{ font-size: 22px; }}
.tt-projector .tt-svg svg, .tt-projector .tt-board svg, .tt-projector .tt-cardview svg {{ width: 100%; height: auto; }}
.tt-projector .tt-stacks svg {{ width: auto; height: 110px; }}
.tt-projector .tt-stack-name, .tt-projector .tt-stack-count {{ font-size: 22px; }}
/* The last comparison in projector mode (widgets.classic.projected): one grid under the buttons, a column of
   category names, then a card per player whose rows sit on the names' rows (subgrid), values in large type. */
.tt-projected-caption {{ font-size: 26px; font-weight: 700; text-align: center; margin: 0 0 6px 0; line-height: 1.2; }}
.tt-projected, .tt-projected * {{ overflow-wrap: normal; }}
.tt-projected-row {{
  display: grid; grid-template-columns: fit-content(240px) repeat(var(--tt-seats), minmax(0, 360px));
  grid-template-rows: repeat(var(--tt-rows), auto); justify-content: center; column-gap: 8px;
  list-style: none; margin: 0; padding: 0 4px;
}}
.tt-projected-seat, .tt-projected-labels {{
  grid-row: 1 / -1; display: grid; grid-template-rows: subgrid; min-width: 0; margin: 0; padding: 0;
}}
.tt-projected-player {{ text-align: center; font-size: 22px; font-weight: 700; line-height: 1.2; margin-bottom: 4px; }}
.tt-projected-card {{
  grid-row: 2 / -2; display: grid; grid-template-rows: subgrid; grid-template-columns: minmax(0, 1fr);
  background: {_C["card"]};
  border: 4px solid {_C["border"]}; border-radius: 14px; overflow: hidden;
}}
.tt-projected-rows {{ display: contents; }}
.tt-projected-won .tt-projected-card {{ border-color: {_C["winner"]}; box-shadow: 0 0 0 4px {_C["winner"]}; }}
.tt-projected-name {{
  background: {_C["header"]}; color: {_C["header_text"]}; font-size: 20px; font-weight: 700; line-height: 1.2;
  padding: 5px 10px; overflow-wrap: anywhere;
}}
.tt-projected-picture {{ background: {_C["picture"]}; text-align: center; font-size: 34px; line-height: 1.3; }}
.tt-projected-picture img {{ max-height: 48px; max-width: 100%; vertical-align: middle; }}
.tt-projected-cat {{
  display: flex; align-items: center; padding: 3px 10px; border-top: 1px solid {_C["rule"]}; line-height: 1.25;
}}
.tt-projected-seat .tt-projected-cat {{ justify-content: flex-end; text-align: right; }}
.tt-projected-labels .tt-projected-cat {{ border-top-color: transparent; border-radius: 8px 0 0 8px; }}
.tt-projected-cat.tt-projected-alt {{ background: {_C["row_alt"]}; }}
.tt-projected-labels .tt-projected-cat.tt-projected-alt:not(.tt-projected-chosen) {{ background: transparent; }}
.tt-projected-label {{ font-size: 20px; }}
.tt-projected-value {{ font-size: 28px; font-weight: 800; overflow-wrap: anywhere; }}
.tt-projected .tt-projected-cat.tt-projected-chosen {{
  background: {_C["highlight"]}; color: {_C["highlight_text"]};
  box-shadow: inset 0 3px 0 {_C["border"]}, inset 0 -3px 0 {_C["border"]};  /* a band, not only a colour */
}}
.tt-projected-chosen .tt-projected-label {{ font-weight: 700; }}
.tt-projected-unit, .tt-projected-lower {{ font-size: 15px; }}
.tt-projected-unit {{ font-weight: 400; }}  /* may wrap: "(million years ago)" is wider than the column */
.tt-projected-lower {{ font-weight: 600; white-space: nowrap; }}
.tt-projected-mark {{ font-weight: 800; }}
.tt-sr-only {{
  position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}}
.tt-projected-badge {{
  min-height: 40px; line-height: 40px; text-align: center; font-size: 22px; font-weight: 800; margin-top: 6px;
  background: {_C["winner"]}; color: {_C["winner_text"]}; border-radius: 20px;
}}
.tt-projected-badge.tt-projected-no-badge {{ background: transparent; }}
.tt-projected-badge.tt-projected-tied {{ background: {_C["tie"]}; color: {_C["tie_text"]}; }}
.tt-projected-tie {{
  text-align: center; font-size: 24px; font-weight: 800; background: {_C["tie"]}; color: {_C["tie_text"]};
  border-radius: 24px; padding: 6px 16px; margin-top: 8px;
}}
/* A projector at 1366x768 (or any screen under 900 px high): the same screen in a smaller size. */
@media (max-height: 900px) {{
  .tt-projector.tt-table {{ padding: 8px 12px; }}
  .tt-projector.tt-table .tt-title .widget-html-content {{ font-size: 26px; }}
  .tt-projector.tt-table .tt-turn .widget-html-content {{ font-size: 24px; padding: 4px 14px; }}
  .tt-projector .tt-result .widget-html-content {{ font-size: 24px; }}
  .tt-projector .tt-stacks svg {{ height: 56px; }}
  .tt-projector .tt-stack-name, .tt-projector .tt-stack-count {{ font-size: 17px; }}
  .tt-projector .tt-stacks figure {{ font-size: 16px; }}
  .tt-projector .tt-card-name {{ font-size: 26px; }}
  .tt-projector .tt-card-fact {{ display: none; }}
  .tt-projector.tt-table .jupyter-button.tt-category, .tt-projector.tt-table .jupyter-button.tt-big,
  .tt-projector.tt-table .jupyter-button.tt-choice {{ font-size: 22px; min-height: 46px; line-height: 1.25; }}
  .tt-projector.tt-table .jupyter-button.tt-projector-toggle {{ min-height: 36px; line-height: 1.25; }}
  .tt-projector .tt-stacks figcaption {{ min-height: 1.2em; }}
  .tt-projector .tt-heading {{ font-size: 18px; margin: 4px 0 2px 0; }}
  .tt-projected-caption {{ font-size: 20px; margin-bottom: 2px; }}
  .tt-projected-row {{
    grid-template-columns: fit-content(130px) repeat(var(--tt-seats), minmax(0, 300px)); column-gap: 6px;
  }}
  .tt-projected-player {{ font-size: 17px; margin-bottom: 2px; }}
  .tt-projected-card {{ border-width: 3px; border-radius: 10px; }}
  .tt-projected-name {{ font-size: 16px; padding: 3px 6px; }}
  .tt-projected-picture {{ font-size: 26px; }}
  .tt-projected-picture img {{ max-height: 32px; }}
  .tt-projected-cat {{ padding: 1px 6px; }}
  .tt-projected-label {{ font-size: 16px; }}
  .tt-projected-value {{ font-size: 20px; }}
  .tt-projected-unit, .tt-projected-lower {{ font-size: 14px; }}
  .tt-projected-badge {{ min-height: 30px; line-height: 30px; font-size: 17px; margin-top: 3px; }}
  .tt-projected-tie {{ font-size: 18px; padding: 3px 12px; margin-top: 4px; }}
}}
.tt-projector .tt-seat {{ width: 220px; }}
.tt-projector .tt-seat svg {{ width: 180px; }}
@media (prefers-reduced-motion: reduce) {{
  [class*="tt-"], [class*="tt-"] *, [class*="tt-"] *::before, [class*="tt-"] *::after {{
    transition: none !important; animation: none !important; scroll-behavior: auto !important;
  }}
}}
</style>
"""
"""The style sheet, as HTML for an ``HTML`` widget."""


def style_sheet() -> ipw.HTML:
    """Returns an ``HTML`` widget holding the shared style sheet (invisible itself)."""
    sheet = ipw.HTML(CSS, layout=ipw.Layout(height="0px", margin="0px", padding="0px"))
    sheet.add_class("tt-style")
    return sheet


_shared: ipw.HTML | None = None


def shared_style_sheet() -> ipw.HTML:
    """Returns the kernel's one shared style sheet widget, made on first use (and again once closed).

    For the lesson pieces a page shows side by side (self-checks, experiments,
    chart buttons): each shows the same widget, so a page of six pieces sends
    the sheet's 11 KB and its models to the browser once, not six times.  A
    widget that closes every widget under it (`widgets._toolkit.close_tree`)
    would close the sheet of the others too: games use `style_sheet`.
    """
    global _shared
    if _shared is None or _shared.comm is None:  # never made, or closed
        _shared = style_sheet()
    return _shared
