/**
 * The emoji picker's choices, by group (loaded with the picker, on demand).
 * Anything else can be typed or pasted into its "Any emoji" field, where the
 * system's own emoji keyboard works too.
 */
export const EMOJI_GROUPS: readonly { readonly name: string; readonly emoji: readonly string[] }[] =
  [
    {
      name: 'Smileys',
      emoji: Array.from(
        '😀😃😄😁😆😅🤣😂🙂🙃😉😊😇🥰😍🤩😘😗😚😙😋😛😜🤪😝🤑🤗🤭🤫🤔🤐🤨😐😑😶😏😒🙄😬🤥😌😔😪🤤😴😷🤒🤕🤢🤮🥵🥶🥴😵🤯🤠🥳😎🤓🧐😕😟🙁😮😯😲😳🥺😦😧😨😰😥😢😭😱😖😣😞😓😩😫🥱😤😡😠🤬',
      ),
    },
    {
      name: 'Gestures',
      emoji: Array.from('👍👎👌🤌🤏✌🤞🤟🤘🤙👈👉👆👇☝👋🤚🖐✋🖖👏🙌👐🤲🤝🙏💪'),
    },
    {
      name: 'Hearts',
      emoji: [
        '❤️',
        '🧡',
        '💛',
        '💚',
        '💙',
        '💜',
        '🖤',
        '🤍',
        '🤎',
        '💔',
        '❣️',
        '💕',
        '💞',
        '💓',
        '💗',
        '💖',
        '💘',
        '💝',
      ],
    },
    {
      name: 'Things',
      emoji: Array.from('🔥✨🎉🎊🎂🎁🏆⚽🏀🎵🎶☕🍕🍔🍟🍩🍪🍺🍷🌹🌻🌈⭐🌙☀💯✅❌❓❗💤💡📌📎🚀'),
    },
  ];
