// benchmark placeholder
