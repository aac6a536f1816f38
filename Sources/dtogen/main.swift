print("dtogen")
