import IDScenario

/// The page's own style and script, inline (the page fetches nothing), and the policy that says so.
enum HTMLAssets {
    /// Nothing from anywhere: only the inline style and script run, no image, font, frame or
    /// connection, no form, and no <base> that could redirect the links.
    static let contentSecurityPolicy: HTML =
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

    static let style: HTML = """
        :root { --ink: #1b1b1b; --dim: #5f6368; --line: #d9d9d9; --new: #1a7f37; --gone: #b42318; --warn: #b42318; --focus: #0b57d0; }
        * { box-sizing: border-box; }
        body { margin: 0 auto; max-width: 72rem; padding: 1.5rem; color: var(--ink); background: #fff;
               font: 16px/1.45 -apple-system, "Segoe UI", system-ui, sans-serif; }
        h1 { font-size: 1.8rem; margin: 0 0 .5rem; }
        h2 { font-size: 1.15rem; margin: 0 0 .4rem; }
        h3 { font-size: 1rem; margin: 1rem 0 .3rem; }
        code { font: .9em/1.3 ui-monospace, "SF Mono", Menlo, Consolas, monospace; overflow-wrap: anywhere; }
        .description, .narration { white-space: pre-line; }
        .meta, .keys, .hint, .quiet, .rule-title, .on { color: var(--dim); }
        .legend span { margin-right: 1rem; white-space: nowrap; }
        .notes { margin: .5rem 0 1rem; color: var(--dim); }
        .lanes { margin: 1.5rem 0; overflow-x: auto; }
        #lanes { max-width: 100%; height: auto; font: 12px ui-monospace, Menlo, Consolas, monospace; }
        #lanes .axis, #lanes .label { fill: var(--dim); }
        #lanes .letter { font-weight: 700; }
        #lanes .cursor { fill: var(--focus); fill-opacity: .12; stroke: var(--focus); stroke-width: 1; }
        #lanes .dupmark text { fill: var(--warn); font-size: 15px; font-weight: 700; stroke: #fff; stroke-width: 3px; paint-order: stroke; }
        .value-legend { list-style: none; margin: .4rem 0 0; padding: 0; columns: 2 22rem; font-size: .9rem; }
        .value-legend li { margin: .1rem 0; break-inside: avoid; }
        .value-legend .swatch { display: inline-block; min-width: 1.8rem; text-align: center; font: 700 12px ui-monospace, Menlo, Consolas, monospace;
                                border-radius: 3px; padding: 0 .2rem; print-color-adjust: exact; -webkit-print-color-adjust: exact; }
        .value-legend .first { color: var(--dim); }
        .step { border: 1px solid var(--line); border-radius: 6px; padding: .8rem 1rem; margin: 0 0 .8rem; scroll-margin-top: 1rem; }
        .step.current { border-color: var(--focus); box-shadow: 0 0 0 2px var(--focus); }
        .step .n { display: inline-block; min-width: 2.2rem; color: var(--dim); font-variant-numeric: tabular-nums; }
        .narration { font-size: 1.1rem; font-weight: 600; background: #f3f6fb; border-left: 4px solid var(--focus); padding: .4rem .7rem; margin: .4rem 0 .6rem; }
        .badge { font-size: .85rem; font-weight: 700; margin-left: .5rem; }
        ul.story { list-style: none; margin: 0; padding: 0; }
        ul.story li { padding: .15rem 0 .15rem 1.6rem; text-indent: -1.6rem; }
        .mark { display: inline-block; width: 1.4rem; text-indent: 0; font-weight: 700; }
        .label { font-weight: 700; margin-right: .3rem; }
        .place { margin-right: .4rem; }
        .rule { font: .85em ui-monospace, Menlo, Consolas, monospace; margin-left: .4rem; }
        .rule-title { font-size: .85em; }
        .detail { text-indent: 0; font-size: .9em; }
        .new .mark, .new, .held, .held .mark { color: var(--new); }
        .gone .mark, .gone, .dup, .dup .mark, .failed, .failed .mark { color: var(--warn); }
        li.new, li.gone, li.held { color: var(--ink); }
        li.dup .detail, li.failed .detail { font-weight: 700; }
        table { border-collapse: collapse; margin: .4rem 0 .8rem; }
        th, td { border-bottom: 1px solid var(--line); padding: .2rem .8rem .2rem 0; text-align: left; vertical-align: top; }
        td.count { text-align: right; }
        @media print {
            body { max-width: none; padding: 0; font-size: 10.5pt; }
            .keys { display: none; }
            .step { break-inside: avoid; box-shadow: none; border-color: #999; }
            .step.current { box-shadow: none; border-color: #999; }
            #lanes .cursor { display: none; }
            .narration { background: none; }
            a { color: inherit; text-decoration: none; }
            a.rule::after { content: " (" attr(href) ")"; font-size: .8em; overflow-wrap: anywhere; }
        }

        """

    /// ← and → (and h, l, Home, End) step through the sections, outlining the one shown and moving
    /// the lanes' cursor to it; the address's #step-N opens at that step.
    static let script: HTML = """
        (function () {
          "use strict";
          var steps = Array.prototype.slice.call(document.querySelectorAll("section.step"));
          var lanes = document.getElementById("lanes");
          var cursor = document.getElementById("lane-cursor");
          var current = -1;
          function show(index, scroll) {
            if (index < 0 || index >= steps.length) { return; }
            if (current >= 0) { steps[current].classList.remove("current"); }
            current = index;
            var step = steps[index];
            step.classList.add("current");
            var n = parseInt(step.id.replace("step-", ""), 10);
            if (lanes && cursor) {
              cursor.style.display = isNaN(n) ? "none" : "";
              if (!isNaN(n)) {
                var left = parseInt(lanes.getAttribute("data-left"), 10);
                var width = parseInt(lanes.getAttribute("data-step"), 10);
                cursor.setAttribute("x", String(left + n * width));
              }
            }
            if (scroll) {
              step.scrollIntoView({ block: "start" });
              // The address follows, so a reload or a shared link opens at this step.
              try { history.replaceState(null, "", "#" + step.id); } catch (ignored) { }
            }
          }
          document.addEventListener("keydown", function (event) {
            if (event.altKey || event.ctrlKey || event.metaKey) { return; }
            var next = null;
            switch (event.key) {
              case "ArrowRight": case "l": next = current + 1; break;
              case "ArrowLeft": case "h": next = Math.max(0, current - 1); break;
              case "Home": next = 0; break;
              case "End": next = steps.length - 1; break;
            }
            if (next !== null && next < steps.length) { event.preventDefault(); show(next, true); }
          });
          steps.forEach(function (step, index) {
            step.addEventListener("click", function () { show(index, false); });
          });
          var start = 0;
          steps.forEach(function (step, index) { if ("#" + step.id === location.hash) { start = index; } });
          show(start, start > 0);
        })();

        """
}
