"""The Japanese catalogues (assets/i18n/*ja.toml) use one term per concept, the rule
documents' (../shared/seeds, ../shared/GLOSSARY.md), and full-width punctuation
(issue 10)."""

from __future__ import annotations

import re

from tabletop.i18n import all_strings

#: A variant that must not appear -> the rule documents' term used instead.
BANNED_TERMS = {
    "未タップ": "アンタップ（アンタップ状態）",  # Arc rules: 「アンタップ状態で場に配置する」
    "アクションフェイズ": "行動フェイズ",  # 絵師100人展 rules
    "フェーズ": "フェイズ",  # every rule document
    "スタンバイエリア": "待機エリア",  # Xenocard
    "バトルフィールド": "戦闘フィールド",  # Xenocard
    "トラッシュ": "廃棄エリア",  # Xenocard
    "ブロッカー": "防御キャラクター",  # Arc
    "アタッカー": "攻撃キャラクター",  # Arc
    "開始マス": "スタートマス",  # 絵師100人展
}
HALF_WIDTH = re.compile(r"[,.:()!?]")
JAPANESE = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def test_japanese_catalogues_use_the_rule_documents_terms():
    found = [f"{key}: {variant!r} (use {term})"
             for key, text in all_strings("ja").items()
             for variant, term in BANNED_TERMS.items() if variant in text]
    assert found == []


def test_japanese_catalogue_strings_use_full_width_punctuation():
    found = []
    for key, text in all_strings("ja").items():
        bare = PLACEHOLDER.sub("", text)  # "{n:d}" and the like are format syntax
        if JAPANESE.search(bare):
            found += [f"{key}: {m.group()!r} in {bare!r}" for m in HALF_WIDTH.finditer(bare)]
    assert found == []
