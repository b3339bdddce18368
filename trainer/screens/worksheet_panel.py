"""A side-panel block that makes a printable worksheet (PDF) for the stage and level on screen."""

import streamlit as st

from puzzles import KIND_TITLES, KINDS
from puzzles.worksheet import MIX, address_problem, answer_key_pdf, build_pdf, make_sheet, worksheet_pdf


def make_it(stage: str, level: int) -> None:
    kind = st.session_state.get("ws_kind") or MIX
    count = int(st.session_state.get("ws_count") or 12)
    seed = st.session_state.setdefault("ws_seed", 1)
    paper = st.session_state.get("ws_paper") or "a4"
    base = (st.session_state.get("ws_base") or "").strip()
    # an address a QR code cannot carry: say why, and offer no sheet (not even an older one)
    st.session_state["ws_problem"] = address_problem(base)
    if st.session_state["ws_problem"]:
        st.session_state.pop("ws_files", None)
        return
    sheet = make_sheet(stage, level, count=count, seed=seed, kind=kind)
    st.session_state["ws_files"] = {
        "code": sheet.code,
        "sheet": worksheet_pdf(sheet, paper=paper, base_url=base, key=False),
        "key": answer_key_pdf(sheet, paper=paper),
        "build": build_pdf(sheet, paper=paper),
    }
    st.session_state["ws_seed"] = seed + 1  # the next sheet is a new one


def worksheet_panel(stage: str, level: int) -> None:
    """Choose, make and download a worksheet, its answer key and its build-it sheet."""
    with st.expander("Print a worksheet", icon=":material/print:"):
        st.selectbox("Puzzles", [MIX, *KINDS], key="ws_kind",
                     format_func=lambda k: "A mix" if k == MIX else KIND_TITLES[k])
        st.number_input("How many", min_value=1, max_value=60, value=12, step=1, key="ws_count")
        st.segmented_control("Paper", ["a4", "letter"], key="ws_paper", default="a4", required=True,
                             format_func=lambda p: {"a4": "A4", "letter": "US Letter"}[p])
        st.text_input("App address for the QR codes", key="ws_base", placeholder="http://localhost:8501/",
                      help="Each puzzle's QR code opens it here. Type the address children use once.")
        st.button("Make the worksheet", key="ws_make", on_click=make_it, args=(stage, level))
        if st.session_state.get("ws_problem"):
            st.warning(st.session_state["ws_problem"], icon=":material/qr_code:")
        files = st.session_state.get("ws_files")
        if files:
            st.caption(f"Sheet {files['code']}")
            st.download_button("Worksheet (PDF)", files["sheet"], file_name=f"worksheet-{files['code']}.pdf",
                               mime="application/pdf", key="ws_dl_sheet")
            st.download_button("Answer key (PDF)", files["key"], file_name=f"answers-{files['code']}.pdf",
                               mime="application/pdf", key="ws_dl_key")
            st.download_button("Build it with real dominoes (PDF)", files["build"],
                               file_name=f"build-{files['code']}.pdf", mime="application/pdf", key="ws_dl_build")
